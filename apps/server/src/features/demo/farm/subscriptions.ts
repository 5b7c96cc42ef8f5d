// The demo's subscription months: a credit on every month a baler made bales in, and on the
// current month so live bales show, except one late-season month of the earlier year, whose
// bales stay locked to show what "N bales need a subscription" looks like.
import type { DemoBale, DemoSubscriptionMonth } from './demo-farm-model.ts';

/** First day of the UTC month of an instant: the month the subscription rule counts a bale in. */
export const monthOf = (iso: string) => `${iso.slice(0, 7)}-01`;

/**
 * Active months per baler, and the one month left unsubscribed: the latest month from August on
 * of `lockedYear` with a few hundred bales (150–800, nearest 400), else its smallest month.
 * @example planSubscriptions(bales, balerIds, '2026-11-01', 2025)
 */
export function planSubscriptions(
  bales: readonly DemoBale[],
  balerIds: readonly string[],
  currentMonth: string,
  lockedYear: number,
): {
  months: DemoSubscriptionMonth[];
  locked: { balerId: string; month: string; bales: number }[];
} {
  const counts = new Map<string, number>();
  for (const bale of bales) {
    const key = `${bale.balerId}|${monthOf(bale.record.creationTime)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const candidates = [...counts.entries()]
    .map(([key, count]) => {
      const [balerId = '', month = ''] = key.split('|');
      return { balerId, month, bales: count };
    })
    .filter((c) => c.month.startsWith(`${lockedYear}-`));
  const score = (c: { month: string; bales: number }) =>
    Math.abs(c.bales - 400) - (c.month >= `${lockedYear}-08-01` ? 1000 : 0);
  const fitting = candidates.filter((c) => c.bales >= 150 && c.bales <= 800);
  const pool = fitting.length > 0 ? fitting : candidates;
  const chosen = [...pool].sort(
    (a, b) =>
      score(a) - score(b) || b.month.localeCompare(a.month) || a.balerId.localeCompare(b.balerId),
  )[0];
  const locked = chosen ? [chosen] : [];

  const active = new Set(counts.keys());
  for (const balerId of balerIds) active.add(`${balerId}|${currentMonth}`);
  for (const c of locked) active.delete(`${c.balerId}|${c.month}`);
  const months = [...active]
    .map((key) => {
      const [balerId = '', month = ''] = key.split('|');
      return { balerId, month, status: 'active' as const };
    })
    .sort((a, b) => a.balerId.localeCompare(b.balerId) || a.month.localeCompare(b.month));
  return { months, locked };
}
