import { balerSubscriptionSchema } from '@baletrack/contracts/subscriptions/subscription';
import { walletSchema } from '@baletrack/contracts/subscriptions/wallet';
import { addLedgerEntries } from '../../src/features/subscriptions/credit-ledger.repository.ts';
import { newBaler } from '../helpers/farm.ts';
import { newConfirmedUser, signIn } from '../helpers/identity.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { apiCall } from '../helpers/user-api.ts';

/** An owner with a token and a baler with no months, and calls on the user API. */
export async function newSubscriber(t: TestApp, credits = 0) {
  const owner = await newConfirmedUser(t.ctx);
  let token = (await signIn(t, owner.email, owner.password)).IdToken;
  const baler = await newBaler(t.ctx, owner.orgId, { activeMonths: [] });
  if (credits > 0) {
    await addLedgerEntries(t.ctx.db, owner.orgId, [
      { kind: 'grant', count: credits, note: 'test' },
    ]);
  }
  const call = (method: string, path: string, body?: unknown, tokenOf = token) =>
    apiCall(t, tokenOf, method, `/user-api${path}`, body === undefined ? {} : { body });
  return {
    ...owner,
    get token() {
      return token;
    },
    /** Signs in again, after the test clock moved past the id token's hour. */
    async signInAgain() {
      token = (await signIn(t, owner.email, owner.password)).IdToken;
    },
    baler,
    call,
    /** POST /subscriptions/{baler}: the response. */
    change: (body: unknown, balerId = baler.id) => call('POST', `/subscriptions/${balerId}`, body),
    async balance(): Promise<number> {
      const response = await call('GET', '/wallet');
      return walletSchema.parse(await response.json()).balance;
    },
    async grid(balerId = baler.id) {
      const response = await call('GET', `/subscriptions/${balerId}`);
      if (response.status !== 200) throw new Error(`grid ${response.status}`);
      return balerSubscriptionSchema.parse(await response.json());
    },
  };
}

/** The `message` of an error response. */
export async function messageOf(response: Response): Promise<string> {
  return ((await response.json()) as { message: string }).message;
}

/** The state of each month of a grid, e.g. { '2027-03': 'active', … }. */
export function statesOf(grid: unknown) {
  const { months } = grid as { months: { month: string; state: string }[] };
  return Object.fromEntries(months.map((m) => [m.month, m.state]));
}
