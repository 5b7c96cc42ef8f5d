import type { ReportCsvRequest } from '@baletrack/contracts/reports/report';
import { useMutation } from '@tanstack/react-query';
import { filenameFromDisposition } from '@/features/reports/utils/save-file';
import { dataApi } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-file';

const FALLBACK_FILENAME = 'baletrack-bales.csv';

/**
 * GET /reports/csv as a file. The data API wants the id token in Authorization, which a plain
 * link cannot send (and a token in the address would end up in logs and history), so the file is
 * fetched like any call, then handed to the browser to save.
 */
export async function downloadReportCsv(request: ReportCsvRequest): Promise<string> {
  // `year` is coerced from text by the schema, so its input type is open; a number is sent.
  const query = { ...request, year: request.year as number | undefined };
  const file = await dataApi.file('/reports/csv', { query });
  const filename = filenameFromDisposition(file.contentDisposition) ?? FALLBACK_FILENAME;
  downloadFile(file.blob, filename);
  return filename;
}

export function useDownloadReportCsv() {
  return useMutation({ mutationFn: downloadReportCsv });
}
