import { type AuditStackDetail, auditStackDetailSchema } from '@baletrack/contracts/audits/audits';
import { useMutation } from '@tanstack/react-query';
import { dataApi } from '@/lib/api-client';

/** GET /audits/stack: one stack and the bales expected in it, which the phone keeps. */
export async function getAuditStack(stackId: string): Promise<AuditStackDetail> {
  return auditStackDetailSchema.parse(await dataApi.get('/audits/stack', { query: { stackId } }));
}

/**
 * Reads a stack's expected bales to start its audit: asked once, when the audit starts, and
 * kept on the phone from then on (not cached here). Tried at once even when the browser says
 * it is offline, so a failure says so instead of waiting.
 */
export function useOpenAuditStack() {
  return useMutation({ mutationFn: getAuditStack, networkMode: 'always' });
}
