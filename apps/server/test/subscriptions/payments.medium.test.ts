import { messages } from '@baletrack/contracts/errors/messages';
import {
  checkoutSessionSchema,
  pricingSchema,
  promotionSchema,
} from '@baletrack/contracts/subscriptions/billing';
import { walletSchema } from '@baletrack/contracts/subscriptions/wallet';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newConfirmedUser, signIn } from '../helpers/identity.ts';
import { StripeStandIn, toStripeSession } from '../helpers/stripe-stand-in.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { apiCall } from '../helpers/user-api.ts';
import { messageOf, newSubscriber } from './subscription-helpers.ts';

const WEBHOOK_SECRET = 'whsec_standin_test_secret';
let t: TestApp;
let stripe: StripeStandIn;

beforeAll(async () => {
  stripe = await new StripeStandIn().start({ webhookSecret: WEBHOOK_SECRET });
  t = await startTestApp({
    startAt: '2027-03-10T12:00:00Z',
    env: {
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      CREDIT_PRICE_CENTS: '2500',
      CREDIT_CURRENCY: 'EUR',
      PROMO_ID: 'SPRING27',
      PROMO_PERCENT_OFF: '20',
      PROMO_ENDS_AT: '2027-03-31T23:59:59Z',
    },
  });
  stripe.webhookUrl = `${t.url}/user-api/public/stripe/webhook`;
});
afterAll(async () => {
  await t.close();
  await stripe.stop();
});

/** Opens a checkout for the farm and returns the stand-in's session id. */
async function checkout(farm: Awaited<ReturnType<typeof newSubscriber>>, quantity: number) {
  const response = await farm.call('POST', `/stripe/checkout?quantity=${quantity}`);
  expect(response.status).toBe(200);
  const { url } = checkoutSessionSchema.parse(await response.json());
  const id = url.split('/pay/')[1] ?? '';
  expect(stripe.sessions.has(id)).toBe(true);
  return id;
}

describe('buying credits', () => {
  it('says what a credit costs and which promotion runs', async () => {
    const farm = await newSubscriber(t);
    const pricing = pricingSchema.parse(
      await (await farm.call('GET', '/subscriptions/pricing')).json(),
    );
    expect(pricing).toEqual({
      billing: 'on',
      payments: 'configured',
      pricePerCreditCents: 2500,
      currency: 'eur',
    });
    for (const method of ['GET', 'POST']) {
      const promo = await farm.call(method, '/subscriptions/promo/current');
      expect(promotionSchema.parse(await promo.json()).promotion).toEqual({
        id: 'SPRING27',
        percentOff: 20,
        endsAt: '2027-03-31T23:59:59.000Z',
      });
    }
    const unknown = await farm.call('GET', '/subscriptions/promo/AUTUMN');
    expect(promotionSchema.parse(await unknown.json()).promotion).toBeNull();
  });

  it('credits the wallet only when the signed webhook says the payment completed', async () => {
    const farm = await newSubscriber(t);
    const id = await checkout(farm, 6);
    const session = stripe.sessions.get(id);
    expect(session?.lineItems).toEqual([
      expect.objectContaining({ quantity: 6, unitAmount: 2000, currency: 'eur' }),
    ]);
    expect(session?.clientReferenceId).toBe(farm.orgId);
    expect(session?.successUrl).toBe(`${t.url}/subscription?checkout={CHECKOUT_SESSION_ID}`);
    expect(await farm.balance()).toBe(0);

    // The hosted page's Pay button: completes, delivers the signed event, redirects back.
    const paid = await fetch(`${stripe.url}/pay/${id}`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${t.url}/subscription?checkout=${id}`);
    expect(stripe.deliveries.at(-1)).toMatchObject({ sessionId: id, status: 200 });
    expect(await farm.balance()).toBe(6);
    const wallet = walletSchema.parse(await (await farm.call('GET', '/wallet')).json());
    expect(wallet.entries[0]).toMatchObject({ kind: 'purchase', credits: 6 });
  });

  it('adds the credits once, however often and however concurrently the event comes', async () => {
    const farm = await newSubscriber(t);
    const id = await checkout(farm, 3);
    await stripe.complete(id, { deliver: false });
    const deliveries = await Promise.all(Array.from({ length: 6 }, () => stripe.deliver(id)));
    expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const credited = deliveries.map((d) => JSON.parse(d.body).credited).sort();
    expect(credited).toEqual([0, 0, 0, 0, 0, 3]);
    expect((await stripe.deliver(id)).status).toBe(200);
    expect(await farm.balance()).toBe(3);
  });

  it('refuses unsigned, wrongly signed and stale events, and changes nothing', async () => {
    const farm = await newSubscriber(t);
    const id = await checkout(farm, 2);
    await stripe.complete(id, { deliver: false });
    const stale = Math.floor(Date.now() / 1000) - 3600;
    for (const options of [
      { signed: false },
      { secret: 'whsec_someone_else' },
      { timestamp: stale },
    ]) {
      const delivery = await stripe.deliver(id, options);
      expect(delivery.status).toBe(400);
    }
    expect(await farm.balance()).toBe(0);
    expect((await stripe.deliver(id)).status).toBe(200);
    expect(await farm.balance()).toBe(2);
  });

  it('refuses events for sessions this server never opened', async () => {
    const farm = await newSubscriber(t);
    const id = await checkout(farm, 2);
    await t.ctx.db.deleteFrom('stripeCheckouts').where('sessionId', '=', id).execute();
    await stripe.complete(id);
    expect(stripe.deliveries.at(-1)?.status).toBe(400);
    expect(await farm.balance()).toBe(0);
  });

  it('refuses a quantity outside 1–1,000 before asking Stripe', async () => {
    const farm = await newSubscriber(t);
    const before = stripe.sessions.size;
    for (const quantity of ['0', '1001', '2.5', 'many']) {
      const response = await farm.call('POST', `/stripe/checkout?quantity=${quantity}`);
      expect(response.status).toBe(400);
      expect(await messageOf(response)).toBe(messages.subscriptions.quantityInvalid);
    }
    expect(stripe.sessions.size).toBe(before);
  });
});

describe('a delayed payment (bank debit)', () => {
  /** Sends a signed event of `type` for the session, as Stripe would. */
  async function sendEvent(type: string, session: Record<string, unknown>) {
    const payload = JSON.stringify({
      id: `evt_test_${type}_${session.id}`,
      object: 'event',
      type,
      data: { object: session },
    });
    const response = await fetch(stripe.webhookUrl ?? '', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
        }),
      },
      body: payload,
    });
    return { status: response.status, body: (await response.json()) as { credited?: number } };
  }

  it('adds nothing while unpaid, then the credits once the payment succeeds', async () => {
    const farm = await newSubscriber(t);
    const id = await checkout(farm, 4);
    const open = stripe.sessions.get(id);
    if (!open) throw new Error('no session');
    const unpaid = { ...toStripeSession(open), status: 'complete', payment_status: 'unpaid' };
    expect(await sendEvent('checkout.session.completed', unpaid)).toEqual({
      status: 200,
      body: { received: true, credited: 0 },
    });
    expect(await farm.balance()).toBe(0);
    const paid = { ...unpaid, payment_status: 'paid' };
    expect((await sendEvent('checkout.session.async_payment_succeeded', paid)).body.credited).toBe(
      4,
    );
    expect((await sendEvent('checkout.session.async_payment_succeeded', paid)).body.credited).toBe(
      0,
    );
    expect((await sendEvent('checkout.session.expired', paid)).status).toBe(400);
    expect(await farm.balance()).toBe(4);
  });
});

describe('grants', () => {
  it('lets a SuperAdmin acting for an organization grant credits, naming who', async () => {
    const farm = await newSubscriber(t);
    const admin = await newConfirmedUser(t.ctx, { groups: ['SuperAdmins'] });
    const adminToken = (await signIn(t, admin.email, admin.password)).IdToken;
    const granted = await apiCall(t, adminToken, 'POST', '/user-api/wallet/grants', {
      body: { credits: 4, note: 'Pilot farm' },
      headers: { 'x-organization-id': farm.orgId },
    });
    expect(granted.status).toBe(200);
    expect(walletSchema.parse(await granted.json()).entries[0]).toMatchObject({
      kind: 'grant',
      credits: 4,
      actorEmail: admin.email,
      note: 'Pilot farm',
    });
    expect(await farm.balance()).toBe(4);
  });
});

describe('without payments configured', () => {
  it('says so, opens no checkout and takes no webhook; an ended promotion shows nothing', async () => {
    const plain = await startTestApp({
      startAt: '2027-04-02T00:00:00Z',
      env: { PROMO_PERCENT_OFF: '20', PROMO_ENDS_AT: '2027-03-31T23:59:59Z' },
    });
    try {
      const farm = await newSubscriber(plain);
      const pricing = await (await farm.call('GET', '/subscriptions/pricing')).json();
      expect(pricing).toEqual({ billing: 'on', payments: 'not-configured' });
      const opened = await farm.call('POST', '/stripe/checkout?quantity=1');
      expect(opened.status).toBe(409);
      expect(await messageOf(opened)).toBe(messages.subscriptions.paymentsNotConfigured);
      const hook = await fetch(`${plain.url}/user-api/public/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(hook.status).toBe(404);
      const promo = await farm.call('GET', '/subscriptions/promo/current');
      expect(promotionSchema.parse(await promo.json()).promotion).toBeNull();
    } finally {
      await plain.close();
    }
  });
});

describe('after the promotion ends', () => {
  it('shows no banner and charges the full price', async () => {
    t.advance(30 * 86_400_000); // 9 April 2027: the promotion ended on 31 March.
    const farm = await newSubscriber(t);
    const promo = await farm.call('GET', '/subscriptions/promo/current');
    expect(promotionSchema.parse(await promo.json()).promotion).toBeNull();
    const id = await checkout(farm, 2);
    expect(stripe.sessions.get(id)?.lineItems).toEqual([
      expect.objectContaining({ quantity: 2, unitAmount: 2500, currency: 'eur' }),
    ]);
  });
});
