import type { CloseAccountResponse } from '@baletrack/contracts/account/account';

// What became of a closed account, kept in this tab across the sign-out: after a sign-in through
// an outside provider the sign-out leaves the page for the pool's and comes back to /login.
const KEY = 'baletrack.closedAccount';

export function rememberClosedAccount(result: CloseAccountResponse): void {
  sessionStorage.setItem(KEY, JSON.stringify(result));
}

/** The closed account's result, if this tab has one to show. */
export function closedAccountNote(): CloseAccountResponse | undefined {
  const kept = sessionStorage.getItem(KEY);
  if (!kept) return undefined;
  try {
    return JSON.parse(kept) as CloseAccountResponse;
  } catch {
    return undefined;
  }
}

/** Shown once: the next visit to /login is the sign-in screen. */
export function forgetClosedAccount(): void {
  sessionStorage.removeItem(KEY);
}
