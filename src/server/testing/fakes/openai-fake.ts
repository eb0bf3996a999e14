/**
 * A local stand-in for OpenAI's image-edits endpoint (`POST /v1/images/edits`), answering
 * with the JSON the real API sends, so the real `openai` client can be pointed at it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export type OpenAiFakeBehaviour =
  | 'success'
  /** 413 from the edge, as an HTML page. */
  | 'payload-too-large'
  /** 400 whose message says the file is too large. */
  | 'file-too-large'
  /** 400 `moderation_blocked`: the safety system refused the photo or prompt. */
  | 'content-policy'
  /** Answers success only after `slowMs`. */
  | 'slow'
  | 'server-error'
  | 'rate-limited'
  | 'unauthorized'
  /** 200 without `b64_json`. */
  | 'no-image'
  /** 200 whose `b64_json` is not a picture. */
  | 'unreadable-image';

export interface OpenAiFakeOptions {
  behaviour?: OpenAiFakeBehaviour;
  /** How long 'slow' keeps the client waiting; default 60 s. */
  slowMs?: number;
}

export interface OpenAiFakeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  /** The multipart form's text fields (model, prompt, size, quality, output_format, …). */
  fields: Record<string, string>;
  image?: { filename: string; type: string; bytes: Buffer };
}

export interface OpenAiFake {
  /** Base URL for the client (`baseURL`), ending in /v1. */
  url: string;
  requests: OpenAiFakeRequest[];
  behave(behaviour: OpenAiFakeBehaviour): void;
  close(): Promise<void>;
}

const EDGE_413 =
  '<html>\r\n<head><title>413 Request Entity Too Large</title></head>\r\n<body>\r\n' +
  '<center><h1>413 Request Entity Too Large</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

function apiError(message: string, type: string, code: string | null, param: string | null = null) {
  return { error: { message, type, param, code } };
}

export async function startOpenAiFake(options: OpenAiFakeOptions = {}): Promise<OpenAiFake> {
  let behaviour = options.behaviour ?? 'success';
  const requests: OpenAiFakeRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const body = await readBody(req);
    const recorded: OpenAiFakeRequest = {
      method: req.method ?? 'GET',
      path: new URL(req.url ?? '/', 'http://fake').pathname,
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      fields: {},
    };
    requests.push(recorded);
    if (recorded.method !== 'POST' || recorded.path !== '/v1/images/edits') {
      return json(
        res,
        404,
        apiError(`Invalid URL (${recorded.method} ${recorded.path})`, 'invalid_request_error', null),
      );
    }
    await readForm(body, recorded);

    switch (behaviour) {
      case 'payload-too-large':
        res.writeHead(413, { 'content-type': 'text/html' }).end(EDGE_413);
        return;
      case 'file-too-large':
        return json(
          res,
          400,
          apiError('Image file is too large: it must be smaller than 50 MB.', 'invalid_request_error', null, 'image'),
        );
      case 'content-policy':
        return json(
          res,
          400,
          apiError(
            'Your request was rejected as a result of our safety system. Your request may contain content that is not allowed by our safety system.',
            'image_generation_user_error',
            'moderation_blocked',
          ),
        );
      case 'server-error':
        return json(
          res,
          500,
          apiError('The server had an error while processing your request. Sorry about that!', 'server_error', null),
        );
      case 'rate-limited':
        return json(
          res,
          429,
          apiError(
            'Rate limit reached for gpt-image-1 on images per minute (IPM): Limit 5, Used 5.',
            'requests',
            'rate_limit_exceeded',
          ),
        );
      case 'unauthorized':
        return json(
          res,
          401,
          apiError(
            'Incorrect API key provided: sk-wrong. You can find your API key at https://platform.openai.com/account/api-keys.',
            'invalid_request_error',
            'invalid_api_key',
          ),
        );
      case 'no-image':
        return json(res, 200, imagesResponse(recorded.fields, []));
      case 'unreadable-image':
        return json(
          res,
          200,
          imagesResponse(recorded.fields, [{ b64_json: Buffer.from('not a picture').toString('base64') }]),
        );
      case 'slow': {
        const answer = await editedImage(recorded.fields);
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!res.destroyed) json(res, 200, imagesResponse(recorded.fields, [{ b64_json: answer }]));
        }, options.slowMs ?? 60_000);
        timers.add(timer);
        return;
      }
      case 'success':
        return json(res, 200, imagesResponse(recorded.fields, [{ b64_json: await editedImage(recorded.fields) }]));
    }
  }

  async function readForm(body: Buffer, recorded: OpenAiFakeRequest) {
    if (!recorded.contentType?.startsWith('multipart/form-data')) return;
    const form = await new Response(new Uint8Array(body), {
      headers: { 'content-type': recorded.contentType },
    }).formData();
    for (const [name, value] of form) {
      if (typeof value === 'string') recorded.fields[name] = value;
      else if (name === 'image' || name === 'image[]') {
        recorded.image = { filename: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) };
      }
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, apiError(String(error), 'server_error', null));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    behave: (next) => {
      behaviour = next;
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The edited picture: a plain JPEG of the size asked for, as gpt-image-1 returns it. */
async function editedImage(fields: Record<string, string>): Promise<string> {
  const [width, height] = /^(\d+)x(\d+)$/
    .exec(fields.size ?? '')
    ?.slice(1)
    .map(Number) ?? [1024, 1024];
  const image = await sharp({ create: { width, height, channels: 3, background: { r: 180, g: 120, b: 60 } } })
    .jpeg()
    .toBuffer();
  return image.toString('base64');
}

function imagesResponse(fields: Record<string, string>, data: Array<{ b64_json: string }>) {
  return {
    created: Math.floor(Date.now() / 1000),
    background: 'opaque',
    data,
    output_format: fields.output_format ?? 'png',
    quality: fields.quality ?? 'high',
    size: fields.size ?? '1024x1024',
    usage: {
      input_tokens: 1_290,
      input_tokens_details: { image_tokens: 1_275, text_tokens: 15 },
      output_tokens: 6_240,
      total_tokens: 7_530,
    },
  };
}

function json(res: ServerResponse, status: number, body: unknown) {
  res
    .writeHead(status, { 'content-type': 'application/json', 'x-request-id': `req_${Date.now()}` })
    .end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
