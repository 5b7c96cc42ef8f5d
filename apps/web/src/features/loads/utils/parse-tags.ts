/**
 * The tags typed or pasted into "By tag": one a line, or separated by commas, semicolons or
 * spaces; each once, in the order given.
 * @example parseTags('A0041, A0042\nA0043 A0041') // ['A0041', 'A0042', 'A0043']
 */
export function parseTags(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter((tag) => tag !== ''))];
}
