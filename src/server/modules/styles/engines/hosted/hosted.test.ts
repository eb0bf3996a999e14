import { describe, expect, it } from 'vitest';
import { hostedEngineFor } from './hosted.js';

const openai = { apiKey: 'sk-test', model: 'gpt-image-1' };
const replicate = { apiToken: 'r8_test', model: 'black-forest-labs/flux-kontext-pro' };

describe('the hosted engine is picked by which image AI key is set', () => {
  it('picks OpenAI when its key is set, even when Replicate is set too', () => {
    expect(hostedEngineFor({ openai, replicate })?.id).toBe('openai');
  });

  it('picks Replicate when only its token is set', () => {
    expect(hostedEngineFor({ replicate })?.id).toBe('replicate');
  });

  it('offers no hosted engine when neither is set', () => {
    expect(hostedEngineFor({})).toBeUndefined();
  });
});
