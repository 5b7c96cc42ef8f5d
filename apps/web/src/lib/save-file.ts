/**
 * The file name of an `attachment; filename="…"` header; undefined when there is none or it
 * could lead out of the download folder.
 * @example filenameFromDisposition('attachment; filename="farm-bales-2025.csv"') // 'farm-bales-2025.csv'
 */
export function filenameFromDisposition(header: string | null): string | undefined {
  const name = header ? /filename="([^"]+)"/.exec(header)?.[1] : undefined;
  return name && !/[/\\]/.test(name) ? name : undefined;
}
