import type { LoadLink } from '@baletrack/contracts/loads/loads';

/** Whether a buyer's link still opens the load: live, past its days, or withdrawn. */
export type LinkState = 'live' | 'expired' | 'revoked';

/**
 * A link's state at a moment (now, unless said).
 * @example linkState({ revokedAt: null, expiresAt: '2026-01-01T00:00:00Z' }, Date.parse('2026-02-01')) // 'expired'
 */
export function linkState(
  link: Pick<LoadLink, 'revokedAt' | 'expiresAt'>,
  nowMs: number = Date.now(),
): LinkState {
  if (link.revokedAt !== null) return 'revoked';
  return Date.parse(link.expiresAt) <= nowMs ? 'expired' : 'live';
}
