/**
 * JSON routes in one call each: its description for the API docs and the parsing of its input
 * come from the same zod schemas, so a route reads as path, summary, input and the one
 * service call. Routes that stream, upload or answer something other than JSON register
 * themselves the long way.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { describeRoute } from './api-description.js';

export interface RouteSpec<Params, Query, Body> {
  /** What the route does, for the API docs. */
  summary: string;
  params?: ZodType<Params>;
  querystring?: ZodType<Query>;
  body?: ZodType<Body>;
  /** Answers `cache-control: no-store`, set before the input is read so errors carry it too. */
  noStore?: boolean;
  /**
   * The answer's status when not 200: 201 for what was created, 202 for work that goes on
   * after the answer, 204 for no body (the result is dropped).
   */
  status?: 201 | 202 | 204;
}

export interface RouteInput<Params, Query, Body> {
  params: Params;
  query: Query;
  body: Body;
  request: FastifyRequest;
  reply: FastifyReply;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Registers a route that parses its params, then its query, then its body (a missing one
 * read as `{}`) with the given schemas and hands them to `handler`.
 */
function addRoute<Result, Params = undefined, Query = undefined, Body = undefined>(
  app: FastifyInstance,
  method: Method,
  url: string,
  spec: RouteSpec<Params, Query, Body>,
  handler: (input: RouteInput<Params, Query, Body>) => Result | Promise<Result>,
): void {
  app.route({
    method,
    url,
    schema: describeRoute(spec.summary, { body: spec.body, querystring: spec.querystring }),
    handler: async (request, reply) => {
      if (spec.noStore) reply.header('cache-control', 'no-store');
      const params = spec.params?.parse(request.params) as Params;
      const query = spec.querystring?.parse(request.query ?? {}) as Query;
      const body = spec.body?.parse(request.body ?? {}) as Body;
      const result = await handler({ params, query, body, request, reply });
      if (spec.status === 204) return reply.status(204).send();
      if (spec.status) reply.status(spec.status);
      return result;
    },
  });
}

/** Routes on `app` by method, as Fastify's own `app.get(url, options, handler)` reads. */
export function jsonRoutes(app: FastifyInstance) {
  const on =
    (method: Method) =>
    <Result, Params = undefined, Query = undefined, Body = undefined>(
      url: string,
      spec: RouteSpec<Params, Query, Body>,
      handler: (input: RouteInput<Params, Query, Body>) => Result | Promise<Result>,
    ) =>
      addRoute(app, method, url, spec, handler);
  return { get: on('GET'), post: on('POST'), put: on('PUT'), patch: on('PATCH'), delete: on('DELETE') };
}
