import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD_MESSAGES } from '@/domain/upload';
import { uploadImage, UploadError, type UploadedImage } from './upload-image';

const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'lisbon.jpg', { type: 'image/jpeg' });
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
/** What the server answers, set by each test. */
let next: (...args: unknown[]) => Promise<Response>;
beforeEach(() => {
  vi.useFakeTimers();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Runs the upload while letting the retry waits pass, and records when each attempt was made. */
async function run(file: File) {
  const started = Date.now();
  const attempts: number[] = [];
  fetchMock.mockImplementation(async (...args: unknown[]) => {
    attempts.push(Date.now() - started);
    return next(...args);
  });
  const result: Promise<{ value?: UploadedImage; error?: unknown }> = uploadImage(file).then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.runAllTimersAsync();
  return { ...(await result), attempts };
}
describe('the upload makes up to 3 attempts, waiting 1 s and then 2 s (storefront §4)', () => {
  it('sends the file as the multipart field "file" and returns the id and url', async () => {
    next = async () => json(201, { id: 'abc', url: '/files/display/x.jpg' });
    const { value, attempts } = await run(photo());
    expect(value).toEqual({ id: 'abc', url: '/files/display/x.jpg' });
    expect(attempts).toEqual([0]);
    const body = fetchMock.mock.calls[0][1].body as FormData;
    expect((body.get('file') as File).name).toBe('lisbon.jpg');
  });

  it("retries a failing connection twice, then says 'Failed to upload image. Please check your connection and try again.'", async () => {
    next = async () => {
      throw new TypeError('Failed to fetch');
    };
    const { error, attempts } = await run(photo());
    expect(attempts).toEqual([0, 1000, 3000]);
    expect(error).toEqual(new UploadError(UPLOAD_MESSAGES.storageFailed));
  });

  it('succeeds on a later attempt after a server error', async () => {
    let calls = 0;
    next = async () =>
      ++calls === 1 ? json(503, { error: UPLOAD_MESSAGES.storageFailed }) : json(201, { id: 'id', url: '/u' });
    const { value, attempts } = await run(photo());
    expect(value).toEqual({ id: 'id', url: '/u' });
    expect(attempts).toEqual([0, 1000]);
  });

  it('stops at once when the error says the file already exists or is a duplicate', async () => {
    next = async () => json(500, { error: 'The resource already exists' });
    const { error, attempts } = await run(photo());
    expect(attempts).toEqual([0]);
    expect((error as Error).message).toBe('The resource already exists');
  });

  it("does not retry a refusal of the file itself, and shows the server's message", async () => {
    next = async () => json(400, { error: UPLOAD_MESSAGES.notAnImage });
    const { error, attempts } = await run(photo());
    expect(attempts).toEqual([0]);
    expect((error as Error).message).toBe('Please upload an image file');
  });

  it("shows 'Failed to save image information. Please try again.' when the insert keeps failing", async () => {
    next = async () => json(500, { error: UPLOAD_MESSAGES.saveFailed });
    const { error, attempts } = await run(photo());
    expect(attempts).toHaveLength(3);
    expect((error as Error).message).toBe(UPLOAD_MESSAGES.saveFailed);
  });
});

describe('the checks before sending (storefront §5)', () => {
  it('refuses a file without an image type without sending it', async () => {
    const { error } = await run(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect((error as Error).message).toBe('Please upload an image file');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a file over 40MB without sending it', async () => {
    const big = new File([new Uint8Array(40 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' });
    const { error } = await run(big);
    expect((error as Error).message).toBe('Image must be smaller than 40MB');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
