// Validation messages name their field (docs/product.md#validation-rules), on the server's
// error bodies and in ingest's per-record reasons alike.

// Zod's own wording ("Invalid input: expected number, received string") says what is wrong but
// not where; our own messages (the spec's, the contracts') are written for people and kept.
const libraryWording = /^(Invalid|Too (big|small)|Unrecognized|Expected|Required)/;

/**
 * A validation message that names its field when the wording is the library's.
 * @example fieldMessage('weightKg', 'Invalid input: expected number, received string')
 * // 'weightKg: expected number, received string'
 */
export function fieldMessage(path: string, message: string): string {
  // Our own messages are sentences ending in a full stop ('Invalid identifier.'); zod's are not.
  if (path === '' || !libraryWording.test(message) || message.endsWith('.')) return message;
  const what = message.replace(/^Invalid input: /, '');
  return `${path}: ${what.charAt(0).toLowerCase()}${what.slice(1)}`;
}
