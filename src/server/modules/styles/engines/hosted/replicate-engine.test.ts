import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ReplicateFake, startReplicateFake } from '../../../../testing/fakes/replicate-fake.js';
import { createReplicateEngine } from './replicate-engine.js';
import { StyleEngineError } from '../style-engine.js';

const PROMPT = 'Make this a watercolour painting with soft washes and visible paper texture';
const MODEL = 'black-forest-labs/flux-kontext-pro';

let fake: ReplicateFake;
let landscape: Buffer;

beforeAll(async () => {
  fake = await startReplicateFake();
  landscape = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .jpeg()
    .toBuffer();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.behave('success');
});

function engine(options: { model?: string; timeoutMs?: number } = {}) {
  return createReplicateEngine({
    apiToken: 'r8_test_token',
    baseUrl: fake.url,
    model: options.model ?? MODEL,
    timeoutMs: options.timeoutMs,
    pollIntervalMs: 10,
  });
}

async function failure(promise: Promise<unknown>): Promise<StyleEngineError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StyleEngineError);
  return error as StyleEngineError;
}

function paths() {
  return fake.requests.map((request) => `${request.method} ${request.path}`);
}

describe('the photo and the style prompt start a prediction of the configured model', () => {
  it('posts to /v1/models/{owner}/{name}/predictions with the token, the prompt and the photo as a data URI', async () => {
    await engine().render({ photo: landscape, longSide: 2048, prompt: PROMPT });

    const [create] = fake.requests;
    expect(`${create.method} ${create.path}`).toBe(`POST /v1/models/${MODEL}/predictions`);
    expect(create.authorization).toBe('Bearer r8_test_token');
    const input = (create.body as { input: { prompt: string; input_image: string } }).input;
    expect(input.prompt).toBe(PROMPT);
    const [, base64] = /^data:image\/jpeg;base64,(.+)$/.exec(input.input_image)!;
    expect(await sharp(Buffer.from(base64, 'base64')).metadata()).toMatchObject({
      format: 'jpeg',
      width: 1536,
      height: 1024,
    });
  });

  it('posts to /v1/predictions with the version when the model names one', async () => {
    await engine({
      model: 'someone/their-model:5c7d5dc6dd8bf75c1acaa8565735e7986bc5b66206b55cca93cb72c9bf15ccaa',
    }).render({
      photo: landscape,
      longSide: 2048,
      prompt: PROMPT,
    });

    expect(fake.requests[0].path).toBe('/v1/predictions');
    expect(fake.requests[0].body).toMatchObject({
      version: '5c7d5dc6dd8bf75c1acaa8565735e7986bc5b66206b55cca93cb72c9bf15ccaa',
      input: { prompt: PROMPT },
    });
  });

  it('polls GET /v1/predictions/{id} until the prediction ends, then copies the output at once', async () => {
    await engine().render({ photo: landscape, longSide: 2048, prompt: PROMPT });

    const id = [...fake.predictions.values()].at(-1)!.id;
    expect(paths()).toEqual([
      `POST /v1/models/${MODEL}/predictions`,
      `GET /v1/predictions/${id}`,
      `GET /v1/predictions/${id}`,
      `GET /v1/predictions/${id}`,
      `GET /delivery/${id}/output.jpg`,
    ]);
  });

  it('refuses a style without a prompt without calling the image AI', async () => {
    const error = await failure(engine().render({ photo: landscape, longSide: 2048, prompt: null }));

    expect(error.message).toMatch(/^AI transformation failed: /);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('the artwork is a JPEG never larger than the long side asked for', () => {
  it('returns the copied output as it is when it is smaller than asked (the print file is enlarged elsewhere)', async () => {
    const artwork = await engine().render({ photo: landscape, longSide: 2048, prompt: PROMPT });

    expect(artwork).toMatchObject({ width: 1024, height: 683 });
    expect(await sharp(artwork.image).metadata()).toMatchObject({ format: 'jpeg', width: 1024, height: 683 });
  });

  it('shrinks the copied output to the long side asked for', async () => {
    const artwork = await engine().render({ photo: landscape, longSide: 600, prompt: PROMPT });

    expect(artwork).toMatchObject({ width: 600, height: 400 });
    expect(await sharp(artwork.image).metadata()).toMatchObject({ format: 'jpeg', width: 600, height: 400 });
  });
});

describe("progress follows the prediction's stages and logged percentage", () => {
  it('reports starting, processing, the logged percentage and the copy, always forward, ending at 1', async () => {
    const reported: number[] = [];
    const replicate = engine();
    await replicate.render({ photo: landscape, longSide: 2048, prompt: PROMPT }, (fraction) => reported.push(fraction));

    expect(replicate.reportsProgress).toBe(true);
    expect(reported).toEqual([0.05, 0.15, expect.closeTo(0.525, 5), 0.9, 0.95, 1]);
  });
});

describe("the image AI's answers become the spec's transformation messages", () => {
  const render = () => engine().render({ photo: landscape, longSide: 2048, prompt: PROMPT });

  it("says 'Payload Too Large' when the image AI answers 413", async () => {
    fake.behave('payload-too-large');
    const error = await failure(render());

    expect(error.message).toBe('Payload Too Large: the photo is too big for the image AI');
    expect(error.retryable).toBe(false);
  });

  it("says 'AI transformation failed' with the model's reason when the content is flagged", async () => {
    fake.behave('content-policy');
    const error = await failure(render());

    expect(error.message).toBe(
      'AI transformation failed: The input or output was flagged as sensitive. Please try again with different inputs. (E005)',
    );
    expect(error.retryable).toBe(false);
  });

  it("says 'AI transformation failed' with the model's reason when the prediction fails", async () => {
    fake.behave('prediction-failed');
    const error = await failure(render());

    expect(error.message).toBe('AI transformation failed: Prediction failed: the model could not read input_image');
  });

  it("says 'AI transformation failed' when the prediction is canceled", async () => {
    fake.behave('canceled');
    const error = await failure(render());

    expect(error.message).toBe('AI transformation failed: the prediction was canceled');
  });

  it("says 'AI transformation failed' with the reason when the input is refused (422)", async () => {
    fake.behave('invalid-input');
    const error = await failure(render());

    expect(error.message).toBe("AI transformation failed: - input_image: Does not match format 'uri'");
  });

  it("says 'AI transformation failed' when the output is gone before it is copied", async () => {
    fake.behave('output-404');
    const error = await failure(render());

    expect(error.message).toBe("AI transformation failed: the image AI's result could not be downloaded (404)");
  });

  it('says the API key was rejected on 401', async () => {
    fake.behave('unauthorized');
    const error = await failure(render());

    expect(error.message).toBe('AI transformation failed: the image AI rejected the API key');
    expect(error.retryable).toBe(false);
  });

  it.each(['server-error', 'rate-limited'] as const)(
    'says the image AI is busy, worth retrying, on %s',
    async (behaviour) => {
      fake.behave(behaviour);
      const error = await failure(render());

      expect(error.message).toBe('AI transformation failed: the image AI is busy, please try again');
      expect(error.retryable).toBe(true);
    },
  );
});

describe('an image AI that does not answer in time is given up on', () => {
  it('fails after timeoutMs with a retryable time-out message and cancels the prediction', async () => {
    fake.behave('slow');
    const started = Date.now();
    const error = await failure(
      engine({ timeoutMs: 300 }).render({ photo: landscape, longSide: 2048, prompt: PROMPT }),
    );

    expect(error.message).toBe('AI transformation failed: the image AI did not answer in time');
    expect(error.retryable).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(Date.now() - started).toBeLessThan(3_000);
    const id = [...fake.predictions.values()].at(-1)!.id;
    await expect.poll(() => paths()).toContain(`POST /v1/predictions/${id}/cancel`);
    expect(fake.predictions.get(id)!.status).toBe('canceled');
  });
});
