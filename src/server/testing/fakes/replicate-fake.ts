/**
 * A local stand-in for Replicate's HTTP API: predictions are created, advance one stage per
 * poll (starting → processing → processing 50 % → succeeded), and their output is served
 * from a delivery path, so the real `replicate` client can be pointed at it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export type ReplicateFakeBehaviour =
  | 'success'
  /** 413 from the edge on create, as an HTML page. */
  | 'payload-too-large'
  /** The prediction fails with the model's moderation verdict (E005). */
  | 'content-policy'
  /** The prediction fails with a model error. */
  | 'prediction-failed'
  /** The prediction ends as canceled. */
  | 'canceled'
  /** The prediction stays processing until it is canceled. */
  | 'slow'
  /** 500 on create. */
  | 'server-error'
  /** 429 on create. */
  | 'rate-limited'
  | 'unauthorized'
  /** 422: the input does not match the model's schema. */
  | 'invalid-input'
  /** Succeeds, but the output is gone when fetched. */
  | 'output-404';

export interface ReplicateFakeOptions {
  behaviour?: ReplicateFakeBehaviour;
  /** Long side of the output picture, which keeps the input's shape; default 1024. */
  outputLongSide?: number;
}

export interface ReplicateFakeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  /** The parsed JSON body, if any. */
  body: unknown;
}

export interface ReplicateFakePrediction {
  id: string;
  status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';
  polls: number;
  input: Record<string, unknown>;
  model: string;
  version: string;
  behaviour: ReplicateFakeBehaviour;
}

export interface ReplicateFake {
  /** Base URL for the client (`baseUrl`), ending in /v1. */
  url: string;
  requests: ReplicateFakeRequest[];
  predictions: Map<string, ReplicateFakePrediction>;
  behave(behaviour: ReplicateFakeBehaviour): void;
  close(): Promise<void>;
}

const EDGE_413 =
  '<html>\r\n<head><title>413 Request Entity Too Large</title></head>\r\n<body>\r\n' +
  '<center><h1>413 Request Entity Too Large</h1></center>\r\n</body>\r\n</html>\r\n';

const MODERATION_ERROR = 'The input or output was flagged as sensitive. Please try again with different inputs. (E005)';
const MODEL_ERROR = 'Prediction failed: the model could not read input_image';

function problem(status: number, title: string, detail: string, extra: object = {}) {
  return { title, detail, status, ...extra };
}

export async function startReplicateFake(options: ReplicateFakeOptions = {}): Promise<ReplicateFake> {
  let behaviour = options.behaviour ?? 'success';
  const requests: ReplicateFakeRequest[] = [];
  const predictions = new Map<string, ReplicateFakePrediction>();
  const outputs = new Map<string, Buffer>();
  let origin = '';
  let sequence = 0;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const raw = await readBody(req);
    const method = req.method ?? 'GET';
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const body = parseJson(raw);
    requests.push({ method, path, authorization: req.headers.authorization, body });

    const delivery = /^\/delivery\/([^/]+)\/output\.(?:jpg|png|webp)$/.exec(path);
    if (method === 'GET' && delivery) {
      const output = outputs.get(delivery[1]);
      if (!output || predictions.get(delivery[1])?.behaviour === 'output-404') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
        return;
      }
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(output);
      return;
    }

    if (!/^Bearer \S+$/.test(req.headers.authorization ?? '') || behaviour === 'unauthorized') {
      return json(res, 401, problem(401, 'Unauthenticated', 'You did not pass a valid authentication token'));
    }

    const create = /^\/v1\/models\/([^/]+)\/([^/]+)\/predictions$/.exec(path);
    if (method === 'POST' && (create || path === '/v1/predictions')) {
      switch (behaviour) {
        case 'payload-too-large':
          res.writeHead(413, { 'content-type': 'text/html' }).end(EDGE_413);
          return;
        case 'server-error':
          return json(res, 500, problem(500, 'Internal Server Error', 'Something went wrong on our end.'));
        case 'rate-limited':
          return json(
            res,
            429,
            problem(429, 'Request was throttled.', 'Request was throttled. Expected available in 1 second.'),
            {
              'retry-after': '1',
            },
          );
        case 'invalid-input':
          return json(
            res,
            422,
            problem(422, 'Input validation failed', "- input_image: Does not match format 'uri'", {
              invalid_fields: [{ type: 'format', field: 'input_image', description: "Does not match format 'uri'" }],
            }),
          );
        default:
          break;
      }
      const request = (body ?? {}) as { input?: Record<string, unknown>; version?: string };
      sequence += 1;
      const prediction: ReplicateFakePrediction = {
        id: `fake${String(sequence).padStart(4, '0')}q7rmc8zkqb0cr7ts`,
        status: 'starting',
        polls: 0,
        input: request.input ?? {},
        model: create ? `${create[1]}/${create[2]}` : 'fake-owner/fake-model',
        version: create ? 'hidden' : (request.version ?? ''),
        behaviour,
      };
      predictions.set(prediction.id, prediction);
      return json(res, 201, view(prediction));
    }

    const get = /^\/v1\/predictions\/([^/]+)$/.exec(path);
    if (method === 'GET' && get) {
      const prediction = predictions.get(get[1]);
      if (!prediction) return json(res, 404, problem(404, 'Not found', 'The requested resource could not be found.'));
      await advance(prediction);
      return json(res, 200, view(prediction));
    }

    const cancel = /^\/v1\/predictions\/([^/]+)\/cancel$/.exec(path);
    if (method === 'POST' && cancel) {
      const prediction = predictions.get(cancel[1]);
      if (!prediction) return json(res, 404, problem(404, 'Not found', 'The requested resource could not be found.'));
      if (prediction.status === 'starting' || prediction.status === 'processing') prediction.status = 'canceled';
      return json(res, 200, view(prediction));
    }

    return json(res, 404, problem(404, 'Not found', 'The requested resource could not be found.'));
  }

  /** One stage per poll, so a client that polls sees every stage once. */
  async function advance(prediction: ReplicateFakePrediction) {
    if (prediction.status !== 'starting' && prediction.status !== 'processing') return;
    prediction.polls += 1;
    if (prediction.behaviour === 'slow' || prediction.polls < 3) {
      prediction.status = 'processing';
      return;
    }
    switch (prediction.behaviour) {
      case 'content-policy':
      case 'prediction-failed':
        prediction.status = 'failed';
        return;
      case 'canceled':
        prediction.status = 'canceled';
        return;
      default:
        outputs.set(prediction.id, await outputFor(prediction.input, options.outputLongSide ?? 1024));
        prediction.status = 'succeeded';
    }
  }

  function view(prediction: ReplicateFakePrediction) {
    const api = `${origin}/v1/predictions/${prediction.id}`;
    const ended = prediction.status !== 'starting' && prediction.status !== 'processing';
    const logs =
      prediction.status === 'starting'
        ? ''
        : prediction.polls < 2
          ? 'Using seed: 42\n  0%|          | 0/28 [00:00<?, ?it/s]'
          : 'Using seed: 42\n 50%|█████     | 14/28 [00:02<00:02,  6.10it/s]' +
            (ended ? '\n100%|██████████| 28/28 [00:04<00:00,  6.12it/s]' : '');
    const error =
      prediction.status === 'failed'
        ? prediction.behaviour === 'content-policy'
          ? MODERATION_ERROR
          : MODEL_ERROR
        : null;
    return {
      id: prediction.id,
      model: prediction.model,
      version: prediction.version,
      input: prediction.input,
      logs,
      output: prediction.status === 'succeeded' ? `${origin}/delivery/${prediction.id}/output.jpg` : null,
      data_removed: false,
      error,
      source: 'api',
      status: prediction.status,
      created_at: new Date().toISOString(),
      ...(prediction.status !== 'starting' ? { started_at: new Date().toISOString() } : {}),
      ...(ended ? { completed_at: new Date().toISOString(), metrics: { predict_time: 4.2, total_time: 5.1 } } : {}),
      urls: {
        cancel: `${api}/cancel`,
        get: api,
        stream: `${origin}/stream/${prediction.id}`,
        web: `https://replicate.com/p/${prediction.id}`,
      },
    };
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, problem(500, 'Internal Server Error', String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: `${origin}/v1`,
    requests,
    predictions,
    behave: (next) => {
      behaviour = next;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The model's picture: the input's shape at the model's own size, as an image-edit model answers. */
async function outputFor(input: Record<string, unknown>, longSide: number): Promise<Buffer> {
  let [width, height] = [longSide, longSide];
  const uri = typeof input.input_image === 'string' ? input.input_image : '';
  const base64 = /^data:[^;]+;base64,(.*)$/s.exec(uri)?.[1];
  if (base64) {
    const meta = await sharp(Buffer.from(base64, 'base64')).metadata();
    const scale = longSide / Math.max(meta.width, meta.height);
    [width, height] = [Math.round(meta.width * scale), Math.round(meta.height * scale)];
  }
  return sharp({ create: { width, height, channels: 3, background: { r: 60, g: 120, b: 180 } } })
    .jpeg()
    .toBuffer();
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

function parseJson(raw: Buffer): unknown {
  if (raw.length === 0) return undefined;
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return raw.toString('utf8');
  }
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
