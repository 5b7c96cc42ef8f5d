import { idParamsSchema } from '@baletrack/contracts/common/id-params';
import {
  checkoutQuerySchema,
  checkoutSessionSchema,
  pricingSchema,
  promotionSchema,
} from '@baletrack/contracts/subscriptions/billing';
import {
  balerSubscriptionSchema,
  changeSubscriptionRequestSchema,
} from '@baletrack/contracts/subscriptions/subscription';
import { grantCreditsRequestSchema, walletSchema } from '@baletrack/contracts/subscriptions/wallet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fulfilCheckout, openCheckout, pricingOf, promotionOf } from './payments.service.ts';
import { balerSubscriptionOf, changeBalerSubscription } from './subscriptions.service.ts';
import { grantCredits, walletOf } from './wallet.service.ts';

const tags = ['subscriptions'];
const promoParamsSchema = z.object({ id: z.string().regex(/^[\w-]{1,40}$/, 'Unknown promotion.') });
// Stripe's events are a few kilobytes; anything near this is not one.
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * API 2: the wallet, each baler's month grid, pricing and promotion, checkout, and Stripe's
 * signed webhook (docs/product.md#credits-and-months). Everyone reads; the owner changes.
 */
export async function subscriptionsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/wallet',
    {
      schema: {
        summary: "The organization's credit balance and its newest ledger entries",
        tags,
        response: { 200: walletSchema },
      },
    },
    async (request) => walletOf(app.ctx, request.principal),
  );
  app.post(
    '/wallet/grants',
    {
      config: { notForManagers: true },
      schema: {
        summary: 'A SuperAdmin acting for the organization grants it credits',
        tags,
        body: grantCreditsRequestSchema,
        response: { 200: walletSchema },
      },
    },
    async (request) => grantCredits(app.ctx, request.principal, request.body),
  );
  app.get(
    '/subscriptions/pricing',
    {
      schema: {
        summary: 'Whether this server bills and takes payments, and the price of a credit',
        tags,
        response: { 200: pricingSchema },
      },
    },
    async () => pricingOf(app.ctx),
  );
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/subscriptions/promo/:id',
      schema: {
        summary: "The running promotion ('current' or its id) for the pricing page's banner",
        tags,
        params: promoParamsSchema,
        response: { 200: promotionSchema },
      },
      handler: async (request) => promotionOf(app.ctx, request.params.id),
    });
  }
  app.get(
    '/subscriptions/:id',
    {
      schema: {
        summary: "A baler's month grid: past, active, scheduled and free months",
        tags,
        params: idParamsSchema,
        response: { 200: balerSubscriptionSchema },
      },
    },
    async (request) => balerSubscriptionOf(app.ctx, request.principal, request.params.id),
  );
  app.post(
    '/subscriptions/:id',
    {
      config: { notForManagers: true },
      schema: {
        summary: 'Apply credits to months, take scheduled months back, switch auto-renew',
        description:
          'All or nothing. Applying the current month needs `confirmCurrentMonth: true`: it ' +
          'starts at once and cannot be undone. Active months cannot be taken back.',
        tags,
        params: idParamsSchema,
        body: changeSubscriptionRequestSchema,
        response: { 200: balerSubscriptionSchema },
      },
    },
    async (request) =>
      changeBalerSubscription(app.ctx, request.principal, request.params.id, request.body),
  );
  app.post(
    '/stripe/checkout',
    {
      config: { notForManagers: true },
      schema: {
        summary: 'Open a Stripe Checkout Session for N credits; answers the payment page',
        tags,
        querystring: checkoutQuerySchema,
        response: { 200: checkoutSessionSchema },
      },
    },
    async (request) => openCheckout(app.ctx, request.principal, request.query.quantity),
  );
  // The signature covers the exact bytes Stripe sent, so this route keeps the body raw.
  await app.register(async (webhook) => {
    webhook.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    webhook.withTypeProvider<ZodTypeProvider>().post(
      '/public/stripe/webhook',
      {
        config: { public: true },
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: {
          summary: "Stripe's signed checkout.session.completed events add bought credits, once",
          tags,
          response: { 200: z.object({ received: z.literal(true), credited: z.number().int() }) },
        },
      },
      async (request) => ({
        received: true as const,
        credited: await fulfilCheckout(
          app.ctx,
          request.body as Buffer,
          request.headers['stripe-signature'] as string | undefined,
        ),
      }),
    );
  });
}
