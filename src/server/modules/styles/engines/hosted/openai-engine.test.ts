import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type OpenAiFake, startOpenAiFake } from '../../../../testing/fakes/openai-fake.js';
import { createOpenAiEngine, editSizeFor } from './openai-engine.js';
import { StyleEngineError } from '../style-engine.js';

const PROMPT = 'Repaint this photo as a 1930s vintage travel poster with flat colours';

async function photo(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 110, b: 160 } } })
    .composite([
      {
        input: {
          create: { width: Math.round(width / 3), height: Math.round(height / 3), channels: 3, background: '#f0c040' },
        },
      },
    ])
    .jpeg()
    .toBuffer();
}

let fake: OpenAiFake;
let landscape: Buffer;

beforeAll(async () => {
  fake = await startOpenAiFake();
  landscape = await photo(3000, 2000);
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.behave('success');
});

function engine(timeoutMs?: number) {
  return createOpenAiEngine({ apiKey: 'sk-test-key', baseUrl: fake.url, model: 'gpt-image-1', timeoutMs });
}

async function failure(promise: Promise<unknown>): Promise<StyleEngineError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StyleEngineError);
  return error as StyleEngineError;
}

describe('the photo and the style prompt go to the image-edits endpoint', () => {
  it('posts to /v1/images/edits with the API key, the model, the prompt and a high-quality JPEG answer asked for', async () => {
    await engine().render({ photo: landscape, longSide: 2048, prompt: PROMPT });

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/images/edits');
    expect(request.authorization).toBe('Bearer sk-test-key');
    expect(request.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.fields).toMatchObject({
      model: 'gpt-image-1',
      prompt: PROMPT,
      quality: 'high',
      output_format: 'jpeg',
    });
  });

  it('carries the photo in the multipart body as a JPEG no longer than 1536 px', async () => {
    await engine().render({ photo: landscape, longSide: 2048, prompt: PROMPT });

    const image = fake.requests[0].image;
    expect(image).toMatchObject({ filename: 'photo.jpg', type: 'image/jpeg' });
    const sent = await sharp(image!.bytes).metadata();
    expect(sent).toMatchObject({ format: 'jpeg', width: 1536, height: 1024 });
  });

  it('does not enlarge a photo smaller than 1536 px before sending it', async () => {
    await engine().render({ photo: await photo(800, 600), longSide: 2048, prompt: PROMPT });

    expect(await sharp(fake.requests[0].image!.bytes).metadata()).toMatchObject({ width: 800, height: 600 });
  });

  it('refuses a style without a prompt without calling the image AI', async () => {
    const error = await failure(engine().render({ photo: landscape, longSide: 2048, prompt: null }));

    expect(error.message).toMatch(/^AI transformation failed: /);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('the output size follows the shape of the photo', () => {
  it.each([
    ['a landscape photo', 3000, 2000, '1536x1024'],
    ['a 4:3 landscape photo', 4000, 3000, '1536x1024'],
    ['a portrait photo', 2000, 3000, '1024x1536'],
    ['a square photo', 2000, 2000, '1024x1024'],
    ['a nearly square photo', 2200, 2000, '1024x1024'],
  ])('asks for %s at %s x %s as %s', async (_, width, height, size) => {
    expect(editSizeFor(width, height)).toBe(size);
    await engine().render({ photo: await photo(width / 10, height / 10), longSide: 2048, prompt: PROMPT });
    expect(fake.requests.at(-1)!.fields.size).toBe(size);
  });
});

describe('the artwork is a JPEG never larger than the long side asked for', () => {
  it('returns the AI picture as it is when it is smaller than asked (the print file is enlarged elsewhere)', async () => {
    const artwork = await engine().render({ photo: landscape, longSide: 2048, prompt: PROMPT });

    expect(artwork).toMatchObject({ width: 1536, height: 1024 });
    expect(await sharp(artwork.image).metadata()).toMatchObject({ format: 'jpeg', width: 1536, height: 1024 });
  });

  it('shrinks the AI picture to the long side asked for', async () => {
    const artwork = await engine().render({ photo: landscape, longSide: 768, prompt: PROMPT });

    expect(artwork).toMatchObject({ width: 768, height: 512 });
    expect(await sharp(artwork.image).metadata()).toMatchObject({ format: 'jpeg', width: 768, height: 512 });
  });

  it('reports no progress of its own, so the visitor sees the simulated curve', () => {
    expect(engine()).toMatchObject({ id: 'openai', reportsProgress: false, rendersPrintFile: false });
  });
});

describe("the image AI's answers become the spec's transformation messages", () => {
  it("says 'Payload Too Large' when the image AI answers 413", async () => {
    fake.behave('payload-too-large');
    const error = await failure(engine().render({ photo: landscape, longSide: 2048, prompt: PROMPT }));

    expect(error.message).toBe('Payload Too Large: the photo is too big for the image AI');
    expect(error.retryable).toBe(false);
  });

  it("says 'Payload Too Large' when the image AI's message says the file is too large", async () => {
    fake.behave('file-too-large');
    const error = await failure(engine().render({ photo: landscape, longSide: 2048, prompt: PROMPT }));

    expect(error.message).toContain('Payload Too Large');
  });

  it("says 'AI transformation failed' with the safety system's reason when the content is refused", async () => {
    fake.behave('content-policy');
    const error = await failure(engine().render({ photo: landscape, longSide: 2048, prompt: PROMPT }));

    expect(error.message).toBe(
      'AI transformation failed: Your request was rejected as a result of our safety system. Your request may contain content that is not allowed by our safety system.',
    );
    expect(error.retryable).toBe(false);
  });

  it('says the API key was rejected on 401', async () => {
    fake.behave('unauthorized');
    const error = await failure(engine().render({ photo: landscape, longSide: 2048, prompt: PROMPT }));

    expect(error.message).toBe('AI transformation failed: the image AI rejected the API key');
    expect(error.retryable).toBe(false);
  });

  it.each(['server-error', 'rate-limited'] as const)(
    'says the image AI is busy, worth retrying, on %s',
    async (behaviour) => {
      fake.behave(behaviour);
      const error = await failure(engine().render({ photo: landscape, longSide: 2048, prompt: PROMPT }));

      expect(error.message).toBe('AI transformation failed: the image AI is busy, please try again');
      expect(error.retryable).toBe(true);
      expect(fake.requests).toHaveLength(1);
    },
  );

  it("says 'AI transformation failed' when the answer holds no picture", async () => {
    fake.behave('no-image');
    const error = await failure(engine().render({ photo: landscape, longSide: 2048, prompt: PROMPT }));

    expect(error.message).toBe('AI transformation failed: the image AI returned no image');
  });

  it("says 'AI transformation failed' when the answer's picture cannot be read", async () => {
    fake.behave('unreadable-image');
    const error = await failure(engine().render({ photo: landscape, longSide: 2048, prompt: PROMPT }));

    expect(error.message).toBe('AI transformation failed: the image AI returned an unreadable image');
  });

  it('says the image AI could not be reached, worth retrying, when nothing listens', async () => {
    const gone = await startOpenAiFake();
    await gone.close();
    const unreachable = createOpenAiEngine({ apiKey: 'sk-test-key', baseUrl: gone.url, model: 'gpt-image-1' });
    const error = await failure(unreachable.render({ photo: landscape, longSide: 2048, prompt: PROMPT }));

    expect(error.message).toBe('AI transformation failed: the image AI could not be reached, please try again');
    expect(error.retryable).toBe(true);
  });
});

describe('an image AI that does not answer in time is given up on', () => {
  it('fails after timeoutMs with a retryable time-out message', async () => {
    fake.behave('slow');
    const started = Date.now();
    const error = await failure(engine(300).render({ photo: landscape, longSide: 2048, prompt: PROMPT }));

    expect(error.message).toBe('AI transformation failed: the image AI did not answer in time');
    expect(error.retryable).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(fake.requests).toHaveLength(1);
  });
});
