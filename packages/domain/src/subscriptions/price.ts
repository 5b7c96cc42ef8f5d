// What one credit costs with a running promotion: the server charges it and the pricing page
// shows it, so both compute it here.

/**
 * A credit's price in the currency's smallest unit with `percentOff` taken off, rounded to the
 * unit (cent) as Stripe charges it.
 * @example creditPriceCents(2500, 20) // 2000
 * @example creditPriceCents(999, 15) // 849
 */
export function creditPriceCents(priceCents: number, percentOff?: number | null): number {
  return Math.round((priceCents * (100 - (percentOff ?? 0))) / 100);
}
