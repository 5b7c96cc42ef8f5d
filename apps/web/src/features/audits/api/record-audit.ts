import {
  type AuditResult,
  auditResultSchema,
  type RecordAudit,
} from '@baletrack/contracts/audits/audits';
import { type AuditSender, isRefusalStatus } from '@/features/audits/utils/audit-outbox';
import { dataApi, isApiError } from '@/lib/api-client';

/** An answer slower than this counts as no connection: a yard's weak signal can hang a request. */
const SEND_TIMEOUT_MS = 30_000;

/**
 * POST /audits (owner or manager): records a finished audit. 201 when new, 200 when that id
 * was recorded before; either way the answer is the recorded audit.
 */
export async function recordAudit(audit: RecordAudit, signal?: AbortSignal): Promise<AuditResult> {
  return auditResultSchema.parse(await dataApi.post('/audits', { body: audit, signal }));
}

/** The outbox's sender: what one POST /audits came to. */
export const sendAudit: AuditSender = async (audit) => {
  try {
    const result = await recordAudit(audit, AbortSignal.timeout(SEND_TIMEOUT_MS));
    return { status: 'recorded', result };
  } catch (error) {
    if (isApiError(error) && isRefusalStatus(error.status)) {
      return { status: 'refused', message: error.message };
    }
    return { status: 'unreachable' };
  }
};
