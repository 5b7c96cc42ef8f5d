/**
 * The file name of an `attachment; filename="…"` header; undefined when there is none or it
 * could lead out of the download folder.
 * @example filenameFromDisposition('attachment; filename="farm-bales-2025.csv"') // 'farm-bales-2025.csv'
 */
export function filenameFromDisposition(header: string | null): string | undefined {
  const name = header ? /filename="([^"]+)"/.exec(header)?.[1] : undefined;
  return name && !/[/\\]/.test(name) ? name : undefined;
}

/** Hands a file made in the page to the browser's downloads. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click's task is over.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
