// One rule for every string an API takes (docs/product.md#validation-rules): control characters
// other than tab, line feed and carriage return mean nothing in a name, serial, search term or
// parameter, and PostgreSQL cannot store NUL at all. The server applies it to every request part
// before the route's own schema; ingest applies it record by record.

import { messages } from '../errors/messages.ts';

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

// Keys whose words are not spelled out from their letters ('vin' reads 'VIN').
const spelled: Record<string, string> = { vin: 'VIN', uid: 'UID', id: 'ID', q: 'Search' };

/**
 * A request key as people read it, as the forms label it: the last named part of its path.
 * @example fieldLabel('bales.3.tagSerialNumber') // 'Tag serial number'
 * @example fieldLabel('AuthParameters.USERNAME') // 'Username'
 */
export function fieldLabel(path: string): string {
  const key = path.split('.').findLast((part) => part !== '' && !/^\d+$/.test(part)) ?? '';
  if (key === '') return 'The request';
  const known = spelled[key.toLowerCase()];
  if (known) return known;
  const words = (key === key.toUpperCase() ? key.toLowerCase() : key)
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The refusal, naming the field as the forms label it. */
export function controlCharacterMessage(path: string): string {
  return messages.validation.controlCharacters(fieldLabel(path));
}

/**
 * The first string, or object key, holding a control character, anywhere in a parsed JSON value,
 * query or path parameters; null when there is none.
 * @example controlCharacterIssue({ name: 'Home\u0000' })
 * // { path: 'name', message: 'Name must not contain invisible control characters (such as NUL).' }
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
      // The key itself cannot be named as a field.
      const message = messages.validation.controlCharacters('A key of the request');
      return { path: join(printable(key)), message };
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
