import { apiErrorSchema } from '@baletrack/contracts/errors/api-error';
import { messages } from '@baletrack/contracts/errors/messages';
import { isAdmin, ORGANIZATION_ID_HEADER } from '@baletrack/contracts/identity/user';
import type { ReportCsvRequest } from '@baletrack/contracts/reports/report';
import { useMutation } from '@tanstack/react-query';
import { getRuntimeConfig } from '@/config/runtime-config';
import { filenameFromDisposition, saveFile } from '@/features/reports/utils/save-file';
import { ApiError } from '@/lib/api-client';
import { reportAuthFailure } from '@/lib/auth-failure';
import { readSession } from '@/lib/auth-session';
import { getSelectedOrganizationId } from '@/lib/selected-organization';

const FALLBACK_FILENAME = 'baletrack-bales.csv';

/**
 * GET /reports/csv as a file. The data API wants the id token in Authorization, which a plain
 * link cannot send (and a token in the address would end up in logs and history), so the file is
 * fetched like any call, then handed to the browser to save.
 */
export async function downloadReportCsv(request: ReportCsvRequest): Promise<string> {
  const session = await readSession();
  if (!session) {
    await reportAuthFailure();
    throw new ApiError(401, { code: 'UNAUTHORIZED', message: messages.auth.refreshFailed });
  }
  const headers: Record<string, string> = { Authorization: session.idToken };
  const organizationId = getSelectedOrganizationId();
  if (isAdmin(session.groups) && organizationId) headers[ORGANIZATION_ID_HEADER] = organizationId;

  const url = new URL(`${getRuntimeConfig().dataApiUrl}/reports/csv`);
  for (const [key, value] of Object.entries(request)) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  let response: Response;
  try {
    response = await fetch(url, { headers });
  } catch {
    throw new ApiError(0, { code: 'NETWORK', message: messages.generic });
  }
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(await response.json().catch(() => undefined));
    if (response.status === 401) await reportAuthFailure();
    throw new ApiError(
      response.status,
      parsed.success ? parsed.data : { code: `HTTP_${response.status}`, message: messages.generic },
    );
  }
  const filename =
    filenameFromDisposition(response.headers.get('content-disposition')) ?? FALLBACK_FILENAME;
  saveFile(await response.blob(), filename);
  return filename;
}

export function useDownloadReportCsv() {
  return useMutation({ mutationFn: downloadReportCsv });
}
