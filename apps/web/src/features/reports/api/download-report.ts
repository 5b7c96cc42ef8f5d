import type { ReportCsvRequest } from '@baletrack/contracts/reports/report';
import { useMutation } from '@tanstack/react-query';
import { dataApi } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-file';
import { filenameFromDisposition } from '@/lib/save-file';

/** The report's two files: the bales as CSV, the printable summary as PDF (same query). */
export type ReportFormat = 'csv' | 'pdf';

const FALLBACK_FILENAMES: Record<ReportFormat, string> = {
  csv: 'baletrack-bales.csv',
  pdf: 'baletrack-bales.pdf',
};

/**
 * GET /reports/csv or /reports/pdf as a file. The data API wants the id token in Authorization,
 * which a plain link cannot send (and a token in the address would end up in logs and history),
 * so the file is fetched like any call, then handed to the browser to save.
 */
export async function downloadReport(
  format: ReportFormat,
  request: ReportCsvRequest,
): Promise<string> {
  // `year` is coerced from text by the schema, so its input type is open; a number is sent.
  const query = { ...request, year: request.year as number | undefined };
  const file = await dataApi.file(`/reports/${format}`, { query });
  const filename = filenameFromDisposition(file.contentDisposition) ?? FALLBACK_FILENAMES[format];
  downloadFile(file.blob, filename);
  return filename;
}

export function useDownloadReport(format: ReportFormat) {
  return useMutation({
    mutationFn: (request: ReportCsvRequest) => downloadReport(format, request),
  });
}
