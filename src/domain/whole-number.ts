import { z } from 'zod';

/**
 * A whole number from `min` to `max`, answering one message for every way a value misses
 * (not a number, a fraction, too small, too large): the form shows the field's rule, not
 * which part of it was broken.
 */
export const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });
