import { useMutation } from '@tanstack/react-query';
import { dataApi } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-file';
import { filenameFromDisposition } from '@/lib/save-file';

/** The ticket's name when the server gives none: the load's name, without path characters. */
const fallbackName = (loadName: string) => `load-${loadName.replace(/[\\/:*?"<>|]+/g, '-')}.pdf`;

/**
 * GET /loads/{id}/ticket as a PDF. Fetched with the id token like the report's PDF (a plain link
 * cannot send it), then handed to the browser to save.
 */
export async function downloadLoadTicket(load: { id: string; name: string }): Promise<string> {
  const file = await dataApi.file(`/loads/${encodeURIComponent(load.id)}/ticket`);
  const filename = filenameFromDisposition(file.contentDisposition) ?? fallbackName(load.name);
  downloadFile(file.blob, filename);
  return filename;
}

export function useDownloadLoadTicket() {
  return useMutation({ mutationFn: downloadLoadTicket });
}
