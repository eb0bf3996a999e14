/**
 * An e-mail address as mail servers take it: RFC 5321 §4.5.3.1 limits the local part to 64
 * octets and the whole path to 256 (so 254 for the address between its angle brackets).
 * Past those, every field holding an address says its own 'invalid address' words.
 */
import { z } from 'zod';

/** The words every e-mail field of the storefront says when its address is not one. */
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';

export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64;

export const emailAddress = (message: string) =>
  z
    .email({ error: message })
    .max(EMAIL_MAX_LENGTH, { error: message })
    .refine((address) => address.lastIndexOf('@') <= EMAIL_LOCAL_PART_MAX_LENGTH, { error: message });
