// One rule for every string an API takes (docs/product.md#validation-rules): control characters
// other than tab, line feed and carriage return mean nothing in a name, serial, search term or
// parameter, and PostgreSQL cannot store NUL at all. The server applies it to every request part
// before the route's own schema; ingest applies it record by record.

// C0 controls except \t \n \r, and DEL.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// Deeper than any request we take; deeper values are not walked (the schema refuses them).
const MAX_DEPTH = 32;

export interface ControlCharacterIssue {
  /** Dotted path of the offending string (or key), e.g. 'name' or 'bales.3.stackType'. */
  path: string;
  message: string;
}

/** The refusal, naming the field. */
export function controlCharacterMessage(path: string): string {
  return `${path === '' ? 'The request' : path}: control characters (such as NUL) are not allowed.`;
}

/**
 * The first string, or object key, holding a control character, anywhere in a parsed JSON value,
 * query or path parameters; null when there is none.
 * @example controlCharacterIssue({ name: 'Home\u0000' })
 * // { path: 'name', message: 'name: control characters (such as NUL) are not allowed.' }
 */
export function controlCharacterIssue(value: unknown, path = ''): ControlCharacterIssue | null {
  return walk(value, path, 0);
}

function walk(value: unknown, path: string, depth: number): ControlCharacterIssue | null {
  if (typeof value === 'string') {
    return FORBIDDEN.test(value) ? { path, message: controlCharacterMessage(path) } : null;
  }
  if (depth >= MAX_DEPTH || typeof value !== 'object' || value === null) return null;
  const join = (key: string | number) => (path === '' ? String(key) : `${path}.${key}`);
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const issue = walk(item, join(index), depth + 1);
      if (issue) return issue;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (FORBIDDEN.test(key)) {
      const keyPath = join(printable(key));
      return { path: keyPath, message: controlCharacterMessage(keyPath) };
    }
    const issue = walk(item, join(key), depth + 1);
    if (issue) return issue;
  }
  return null;
}

/** A key as it can be shown back: control characters written as \uXXXX. */
function printable(text: string): string {
  return text.replace(
    new RegExp(FORBIDDEN.source, 'g'),
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
