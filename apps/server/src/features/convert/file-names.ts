/**
 * A name safe as a file or folder name on every system and display: no path separators,
 * reserved characters or control characters, no leading dots; '_' if nothing is left.
 */
export function safeFileName(name: string): string {
  const cleaned = [...name]
    .map((c) => ((c.codePointAt(0) ?? 0) < 0x20 || '\\/:*?"<>|'.includes(c) ? '_' : c))
    .join('')
    .replace(/^\.+/, '_')
    .trim();
  return cleaned || '_';
}
