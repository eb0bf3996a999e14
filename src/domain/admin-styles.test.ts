import { describe, expect, it } from 'vitest';
import { STYLE_MESSAGES, styleInputSchema, truncatePrompt } from './admin-styles.js';

describe('the Style Prompt column (admin §9: 60 characters)', () => {
  it('leaves a prompt of 60 characters whole and cuts a longer one at 60', () => {
    expect(truncatePrompt('x'.repeat(60))).toBe('x'.repeat(60));
    expect(truncatePrompt('y'.repeat(61))).toBe(`${'y'.repeat(60)}...`);
  });
});

describe('the style form (admin §5)', () => {
  it("refuses a blank name with 'Style name is required'", () => {
    const result = styleInputSchema.safeParse({ name: '  ', engine: 'pop-art' });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0].message).toBe(STYLE_MESSAGES.nameRequired);
  });

  it('takes a local engine without a prompt, and asks a hosted-AI style for one', () => {
    expect(styleInputSchema.parse({ name: 'Pop', engine: 'pop-art' })).toMatchObject({
      style_prompt: '',
      is_active: true,
      preview_image_path: null,
    });
    const ai = styleInputSchema.safeParse({ name: 'Dream', engine: 'hosted-ai' });
    expect(ai.error!.issues[0].message).toBe(STYLE_MESSAGES.promptRequiredForAi);
  });

  it('accepts only preview keys under style-previews/', () => {
    expect(styleInputSchema.safeParse({ name: 'A', engine: 'pop-art', preview_image_path: 'original/x' }).success).toBe(
      false,
    );
    expect(
      styleInputSchema.safeParse({ name: 'A', engine: 'pop-art', preview_image_path: 'style-previews/../x' }).success,
    ).toBe(false);
    expect(
      styleInputSchema.safeParse({ name: 'A', engine: 'pop-art', preview_image_path: 'style-previews/1-a.jpg' })
        .success,
    ).toBe(true);
  });
});
