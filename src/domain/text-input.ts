/**
 * Control characters in what visitors and the owner type. A NUL byte cannot be stored in a
 * PostgreSQL text column (the insert fails, which used to surface as a 500), and escape
 * sequences garble logs and terminals. Tab and line breaks stay allowed in free text.
 */

/** Every C0 control except tab, line feed and carriage return, and DEL. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** Single-line values (names of files, e-mail addresses) allow no control character at all. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_IN_LINE = /[\u0000-\u001f\u007f]/;

export const hasControlCharacters = (text: string, { singleLine = false } = {}): boolean =>
  (singleLine ? CONTROL_IN_LINE : CONTROL_IN_TEXT).test(text);

export const controlCharactersMessage = (field: string) => `${field} must not contain control characters`;

/**
 * The first string inside a JSON value (request bodies, queries, route parameters) holding a
 * control character, as a dotted path such as `shipping.name`, or null. Keys are checked too.
 */
export function findControlCharacters(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return hasControlCharacters(value) ? path || 'value' : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findControlCharacters(item, `${path}[${index}]`);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const keyPath = path ? `${path}.${key}` : key;
      if (hasControlCharacters(key)) return keyPath;
      const found = findControlCharacters(item, keyPath);
      if (found) return found;
    }
  }
  return null;
}
