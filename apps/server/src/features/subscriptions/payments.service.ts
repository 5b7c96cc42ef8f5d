import { PRODUCT_NAME } from '@baletrack/contracts/constants';
import { messages } from '@baletrack/contracts/errors/messages';
import type {
  CheckoutSession,
  Pricing,
  Promotion,
} from '@baletrack/contracts/subscriptions/billing';
import { creditPriceCents } from '@baletrack/domain/subscriptions/price';
import Stripe from 'stripe';
import type { AppContext, Principal } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { addLedgerEntries, lockWallet } from './credit-ledger.repository.ts';
import { completeCheckout, findCheckout, insertCheckout } from './stripe-checkouts.repository.ts';
import { stripeClient } from './stripe-client.ts';
import { assertSubscriptionOwner } from './wallet.service.ts';

const m = messages.subscriptions;

/** GET /subscriptions/pricing: whether this server bills, and what a credit costs. */
export function pricingOf(ctx: AppContext): Pricing {
  if (!ctx.config.stripe) return { billing: ctx.config.billing, payments: 'not-configured' };
  return {
    billing: ctx.config.billing,
    payments: 'configured',
    pricePerCreditCents: ctx.config.credits.priceCents,
    currency: ctx.config.credits.currency,
  };
}

/**
 * /subscriptions/promo/{id}: the promotion the pricing page's banner shows while it runs; `id`
 * is the operator's PROMO_ID or 'current'. An ended promotion is null: no banner, no discount.
 */
export function promotionOf(ctx: AppContext, id = 'current'): Promotion {
  const promotion = ctx.config.promotion;
  if (!promotion || (id !== 'current' && id !== promotion.id)) return { promotion: null };
  if (promotion.endsAt.getTime() <= ctx.now().getTime()) return { promotion: null };
  return {
    promotion: {
      id: promotion.id,
      percentOff: promotion.percentOff,
      endsAt: promotion.endsAt.toISOString(),
    },
  };
}

/**
 * POST /stripe/checkout?quantity=N: opens a Stripe Checkout Session for N credits at the price
 * (less a running promotion) and returns the payment page. Nothing is credited here: only the
 * signed webhook adds credits, once the payment is complete.
 */
export async function openCheckout(
  ctx: AppContext,
  principal: Principal,
  quantity: number,
): Promise<CheckoutSession> {
  assertSubscriptionOwner(principal);
  if (ctx.config.billing === 'off') throw new AppError('CONFLICT', m.billingOff);
  if (!ctx.config.stripe) throw new AppError('CONFLICT', m.paymentsNotConfigured);
  const { priceCents, currency } = ctx.config.credits;
  const percentOff = promotionOf(ctx).promotion?.percentOff ?? null;
  const unitAmount = creditPriceCents(priceCents, percentOff);
  const back = `${ctx.config.publicUrl}/subscription`;
  let session: Stripe.Checkout.Session;
  try {
    session = await stripeClient(ctx.config.stripe).checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity,
          price_data: {
            currency,
            unit_amount: unitAmount,
            product_data: {
              name: `${PRODUCT_NAME} credit`,
              description:
                percentOff === null
                  ? '1 credit = 1 month for 1 baler'
                  : `1 credit = 1 month for 1 baler (${percentOff} % off)`,
            },
          },
        },
      ],
      client_reference_id: principal.orgId,
      metadata: { orgId: principal.orgId, quantity: String(quantity) },
      customer_email: principal.email,
      success_url: `${back}?checkout={CHECKOUT_SESSION_ID}`,
      cancel_url: `${back}?checkout=cancelled`,
    });
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      throw new AppError('UPSTREAM_FAILED', m.checkoutFailed);
    }
    throw error;
  }
  if (!session.url) throw new AppError('UPSTREAM_FAILED', m.checkoutFailed);
  await insertCheckout(ctx.db, {
    sessionId: session.id,
    orgId: principal.orgId,
    quantity,
    unitAmountCents: unitAmount,
    currency,
    percentOff,
    createdBy: principal.userId,
  });
  return { url: session.url };
}

export const webhookMessages = {
  notConfigured: 'Payments are not configured on this server.',
  badSignature: 'This event is not signed for this server, or its signature is too old.',
  unhandled:
    'This server handles checkout.session.completed and checkout.session.async_payment_succeeded events only.',
  unknownSession: 'This checkout session was not opened by this server.',
} as const;

/**
 * POST /public/stripe/webhook: adds a completed checkout's credits to its organization's
 * wallet, exactly once per session whatever is redelivered, concurrently or late. The SDK checks
 * the signature over the raw body and refuses it when older than five minutes.
 * @returns the credits added by this delivery (0 when the session was fulfilled already)
 */
export async function fulfilCheckout(
  ctx: AppContext,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<number> {
  if (!ctx.config.stripe) throw new AppError('NOT_FOUND', webhookMessages.notConfigured);
  let event: Stripe.Event;
  try {
    event = stripeClient(ctx.config.stripe).webhooks.constructEvent(
      rawBody,
      signature ?? '',
      ctx.config.stripe.webhookSecret,
    );
  } catch {
    throw new AppError('VALIDATION_FAILED', webhookMessages.badSignature);
  }
  // A delayed payment method (bank debit) completes the session unpaid, then pays later.
  if (
    event.type !== 'checkout.session.completed' &&
    event.type !== 'checkout.session.async_payment_succeeded'
  ) {
    throw new AppError('VALIDATION_FAILED', webhookMessages.unhandled);
  }
  const session = event.data.object;
  // Delayed payment methods complete unpaid; only a paid session buys credits.
  if (session.payment_status !== 'paid') return 0;
  return ctx.db.transaction().execute(async (trx) => {
    const checkout = await completeCheckout(trx, session.id, ctx.now());
    if (!checkout) {
      if (await findCheckout(trx, session.id)) return 0;
      throw new AppError('VALIDATION_FAILED', webhookMessages.unknownSession);
    }
    if (session.client_reference_id !== checkout.orgId) {
      throw new AppError('VALIDATION_FAILED', webhookMessages.unknownSession);
    }
    await lockWallet(trx, checkout.orgId);
    await addLedgerEntries(trx, checkout.orgId, [
      {
        kind: 'purchase',
        count: checkout.quantity,
        actorUserId: checkout.createdBy,
        stripeSessionId: checkout.sessionId,
        note: `Stripe checkout ${checkout.sessionId}`,
      },
    ]);
    return checkout.quantity;
  });
}
