import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseForm, StripeStandIn } from './stripe-stand-in.ts';

const secret = 'whsec_test_stand_in';

interface Received {
  raw: string;
  signature: string | undefined;
}

/** A webhook receiver like the server's: it keeps the raw body, which the signature covers. */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const signature = request.headers['stripe-signature'];
    received.push({
      raw: Buffer.concat(chunks).toString('utf8'),
      signature: typeof signature === 'string' ? signature : undefined,
    });
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, received, url: `http://127.0.0.1:${port}/subscriptions/webhook` };
}

describe('the Stripe stand-in', () => {
  const standIn = new StripeStandIn();
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let stripe: Stripe;

  beforeAll(async () => {
    receiver = await startReceiver();
    await standIn.start({ webhookUrl: receiver.url, webhookSecret: secret });
    stripe = new Stripe('sk_test_stand_in', { ...standIn.sdkOptions, telemetry: false });
  });

  afterAll(async () => {
    await standIn.stop();
    receiver.server.closeAllConnections();
    await new Promise<void>((resolve) => receiver.server.close(() => resolve()));
  });

  beforeEach(() => {
    receiver.received.length = 0;
  });

  async function newSession(options: { coupon?: string } = {}) {
    return stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: 3,
          price_data: {
            currency: 'usd',
            unit_amount: 1500,
            product_data: { name: 'Baletrack credit' },
          },
        },
      ],
      ...(options.coupon ? { discounts: [{ coupon: options.coupon }] } : {}),
      success_url: 'http://127.0.0.1:5173/subscriptions?checkout={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://127.0.0.1:5173/subscriptions',
      client_reference_id: 'org-1',
      metadata: { organizationId: 'org-1', credits: '3' },
    });
  }

  it('creates a checkout session through the real SDK and records what was sent', async () => {
    const coupon = await stripe.coupons.create({ percent_off: 20, duration: 'once' });
    const session = await newSession({ coupon: coupon.id });

    expect(session.id).toMatch(/^cs_test_/);
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      url: `${standIn.url}/pay/${session.id}`,
      amount_subtotal: 4500,
      amount_total: 3600,
      client_reference_id: 'org-1',
      metadata: { organizationId: 'org-1', credits: '3' },
    });
    expect(standIn.sessions.get(session.id)).toMatchObject({
      lineItems: [{ quantity: 3, unitAmount: 1500, currency: 'usd', price: null }],
      coupon: coupon.id,
      successUrl: 'http://127.0.0.1:5173/subscriptions?checkout={CHECKOUT_SESSION_ID}',
    });
    expect(standIn.coupons.get(coupon.id)).toEqual({
      id: coupon.id,
      percentOff: 20,
      duration: 'once',
    });
  });

  it('pays on the hosted page, signs the webhook and returns to the success URL', async () => {
    const session = await newSession();
    const page = await fetch(session.url ?? '');
    expect(await page.text()).toContain('<button type="submit">Pay</button>');

    const paid = await fetch(`${standIn.url}/pay/${session.id}`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `http://127.0.0.1:5173/subscriptions?checkout=${session.id}`,
    );

    expect(receiver.received).toHaveLength(1);
    const [{ raw, signature } = { raw: '', signature: undefined }] = receiver.received;
    const event = stripe.webhooks.constructEvent(raw, signature ?? '', secret);
    expect(event.type).toBe('checkout.session.completed');
    const completed = event.data.object as Stripe.Checkout.Session;
    expect(completed).toMatchObject({
      id: session.id,
      status: 'complete',
      payment_status: 'paid',
      metadata: { organizationId: 'org-1', credits: '3' },
    });

    const retrieved = await stripe.checkout.sessions.retrieve(session.id);
    expect(retrieved).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
  });

  it('redelivers the same event, and sends unsigned, stale or wrongly signed ones on request', async () => {
    const session = await newSession();
    await standIn.complete(session.id, { deliver: false });
    expect(receiver.received).toHaveLength(0);

    await standIn.deliver(session.id);
    await standIn.deliver(session.id);
    const verify = ({ raw, signature }: Received) =>
      stripe.webhooks.constructEvent(raw, signature ?? '', secret);
    const [first, second] = receiver.received.map(verify);
    expect(first?.id).toMatch(/^evt_test_/);
    expect(second?.id).toBe(first?.id);

    const unsigned = await standIn.deliver(session.id, { signed: false });
    expect(unsigned.status).toBe(200);
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    await standIn.deliver(session.id, { timestamp: tenMinutesAgo });
    await standIn.deliver(session.id, { secret: 'whsec_someone_else' });
    const [, , noSignature, stale, forged] = receiver.received;
    expect(noSignature?.signature).toBeUndefined();
    for (const delivery of [noSignature, stale, forged]) {
      expect(() => verify(delivery as Received)).toThrow(
        Stripe.errors.StripeSignatureVerificationError,
      );
    }
  });

  it('answers unknown sessions and coupons as Stripe does', async () => {
    const retrieve = stripe.checkout.sessions.retrieve('cs_test_nope');
    await expect(retrieve).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    await expect(newSession({ coupon: 'NOPE' })).rejects.toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
    });
  });
});

describe('parseForm', () => {
  it('rebuilds the nested objects and arrays the SDK encodes', () => {
    const body =
      'mode=payment&line_items[0][quantity]=2&line_items[0][price_data][unit_amount]=1500' +
      '&discounts[0][coupon]=SPRING&metadata[organizationId]=org%201&success_url=' +
      encodeURIComponent('https://farm.example/ok?id={CHECKOUT_SESSION_ID}');
    expect(parseForm(body)).toEqual({
      mode: 'payment',
      line_items: [{ quantity: '2', price_data: { unit_amount: '1500' } }],
      discounts: [{ coupon: 'SPRING' }],
      metadata: { organizationId: 'org 1' },
      success_url: 'https://farm.example/ok?id={CHECKOUT_SESSION_ID}',
    });
  });
});
