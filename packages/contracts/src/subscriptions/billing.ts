import { z } from 'zod';
import { messages } from '../errors/messages.ts';

/** Most credits one checkout buys. */
export const CHECKOUT_MAX_CREDITS = 1000;

/**
 * GET /subscriptions/pricing: whether this server bills at all, and whether it can take
 * payments. Price and currency (ISO 4217, lower case as Stripe writes it) come with payments.
 */
export const pricingSchema = z
  .object({
    billing: z.enum(['on', 'off']),
    payments: z.enum(['configured', 'not-configured']),
    pricePerCreditCents: z.number().int().min(0).optional(),
    currency: z
      .string()
      .regex(/^[a-z]{3}$/)
      .optional(),
  })
  .refine(
    (pricing) =>
      pricing.payments === 'not-configured' ||
      (pricing.pricePerCreditCents !== undefined && pricing.currency !== undefined),
    { error: 'configured payments need pricePerCreditCents and currency' },
  );
export type Pricing = z.infer<typeof pricingSchema>;

/** /subscriptions/promo/{id}: the running promotion for the banner, or null. */
export const promotionSchema = z.object({
  promotion: z
    .object({
      id: z.string().min(1),
      percentOff: z.number().int().min(1).max(100),
      endsAt: z.iso.datetime({ offset: true }),
    })
    .nullable(),
});
export type Promotion = z.infer<typeof promotionSchema>;

/** Query of the checkout call: how many credits to buy, from the query string. */
export const checkoutQuerySchema = z.object({
  quantity: z.coerce
    .number({ error: messages.subscriptions.quantityInvalid })
    .int(messages.subscriptions.quantityInvalid)
    .min(1, messages.subscriptions.quantityInvalid)
    .max(CHECKOUT_MAX_CREDITS, messages.subscriptions.quantityInvalid),
});
export type CheckoutQuery = z.infer<typeof checkoutQuerySchema>;

/** The checkout call's answer: the payment page to send the browser to. */
export const checkoutSessionSchema = z.object({ url: z.url({ protocol: /^https?$/ }) });
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;
