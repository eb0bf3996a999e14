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

/** How deep a JSON value may nest: far beyond any form's, far below what would exhaust a stack. */
export const MAX_INPUT_DEPTH = 64;

export const TOO_DEEP_MESSAGE = `The request nests deeper than ${MAX_INPUT_DEPTH} levels`;

/** A value nested deeper than MAX_INPUT_DEPTH: refused whole (400), never walked. */
export class InputTooDeepError extends Error {
  constructor() {
    super(TOO_DEEP_MESSAGE);
  }
}

/**
 * The first string inside a JSON value (request bodies, queries, route parameters) holding a
 * control character, as a dotted path such as `shipping.name`, or null. Keys are checked too.
 * The walk keeps its own stack (a body of 50,000 nested arrays would overflow the call
 * stack), and throws InputTooDeepError past MAX_INPUT_DEPTH levels.
 */
export function findControlCharacters(value: unknown, path = ''): string | null {
  const pending: Array<{ value: unknown; path: string; depth: number }> = [{ value, path, depth: 0 }];
  while (pending.length > 0) {
    const { value: item, path: itemPath, depth } = pending.pop()!;
    if (typeof item === 'string') {
      if (hasControlCharacters(item)) return itemPath || 'value';
      continue;
    }
    if (!item || typeof item !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) throw new InputTooDeepError();
    const children: Array<{ value: unknown; path: string; depth: number }> = [];
    if (Array.isArray(item)) {
      item.forEach((child, index) => children.push({ value: child, path: `${itemPath}[${index}]`, depth: depth + 1 }));
    } else {
      for (const [key, child] of Object.entries(item)) {
        const keyPath = itemPath ? `${itemPath}.${key}` : key;
        if (hasControlCharacters(key)) return keyPath;
        children.push({ value: child, path: keyPath, depth: depth + 1 });
      }
    }
    // Last pushed, first walked: children in their order, as the fields appear.
    for (let index = children.length - 1; index >= 0; index -= 1) pending.push(children[index]!);
  }
  return null;
}
