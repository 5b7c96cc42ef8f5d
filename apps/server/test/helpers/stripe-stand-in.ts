// A local stand-in for the part of Stripe's API the server calls through the official `stripe`
// SDK, so tests never reach the internet: checkout sessions, coupons, a hosted-checkout page
// with a Pay button, and signed `checkout.session.completed` webhooks. Point the SDK at it with
// `new Stripe(key, { ...standIn.sdkOptions })`.

import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface StandInLineItem {
  quantity: number;
  /** A price id, when the session named one; otherwise the line gave `price_data`. */
  price: string | null;
  unitAmount: number | null;
  currency: string | null;
  productName: string | null;
}

/** A checkout session as the stand-in keeps it; `toStripeSession` is what goes on the wire. */
export interface StandInSession {
  id: string;
  status: 'open' | 'complete';
  paymentStatus: 'unpaid' | 'paid';
  mode: string;
  lineItems: StandInLineItem[];
  currency: string | null;
  coupon: string | null;
  amountSubtotal: number | null;
  amountTotal: number | null;
  successUrl: string | null;
  cancelUrl: string | null;
  metadata: Record<string, string>;
  clientReferenceId: string | null;
  customerEmail: string | null;
  created: number;
  url: string;
  /** The `checkout.session.completed` event, once paid; `deliver` resends this very event. */
  event: Record<string, unknown> | null;
}

export interface StandInCoupon {
  id: string;
  percentOff: number;
  duration: string;
}

export interface DeliverOptions {
  /** False sends no `stripe-signature` header. */
  signed?: boolean;
  /** Signs with this secret instead of the configured one. */
  secret?: string;
  /** Unix seconds of the signature; an old one makes a stale delivery. */
  timestamp?: number;
}

export interface Delivery {
  eventId: string;
  sessionId: string;
  /** The webhook's HTTP status; null when it could not be reached. */
  status: number | null;
  body: string;
}

type Form = Record<string, unknown>;
type Reply = { status: number; body: unknown };

export class StripeStandIn {
  readonly sessions = new Map<string, StandInSession>();
  readonly coupons = new Map<string, StandInCoupon>();
  readonly deliveries: Delivery[] = [];
  /** Where completed sessions are announced; may be set after start (the app's port). */
  webhookUrl: string | undefined;
  webhookSecret = '';
  private server: http.Server | undefined;

  /** http://127.0.0.1:<port> once started. */
  get url(): string {
    const address = this.server?.address() as AddressInfo | null | undefined;
    if (!address) throw new Error('The Stripe stand-in is not started.');
    return `http://127.0.0.1:${address.port}`;
  }

  /** The Stripe constructor options that send the SDK here instead of api.stripe.com. */
  get sdkOptions() {
    const port = Number(new URL(this.url).port);
    return { host: '127.0.0.1', port, protocol: 'http' as const, maxNetworkRetries: 0 };
  }

  /** Listens on 127.0.0.1 at `port` (a free one by default). */
  async start(options: {
    webhookUrl?: string;
    webhookSecret: string;
    port?: number;
  }): Promise<this> {
    this.webhookUrl = options.webhookUrl;
    this.webhookSecret = options.webhookSecret;
    const server = http.createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      });
    });
    await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
    this.server = server;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /**
   * Marks an open session paid, as the Pay button does, and announces it to the webhook (if one
   * is set) unless `deliver: false` holds that back. A paid session stays as it is.
   */
  async complete(sessionId: string, options: { deliver?: boolean } = {}): Promise<void> {
    const session = this.session(sessionId);
    if (session.status !== 'open') return;
    session.status = 'complete';
    session.paymentStatus = 'paid';
    session.event = {
      id: `evt_test_${crypto.randomBytes(12).toString('hex')}`,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      data: { object: toStripeSession(session) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: 'checkout.session.completed',
    };
    if (options.deliver !== false && this.webhookUrl) await this.deliver(sessionId);
  }

  /** (Re)sends a paid session's completed event to the webhook, as Stripe's retries do. */
  async deliver(sessionId: string, options: DeliverOptions = {}): Promise<Delivery> {
    const { event } = this.session(sessionId);
    if (!event) throw new Error(`Checkout session ${sessionId} is not paid, so it has no event.`);
    if (!this.webhookUrl) throw new Error('The Stripe stand-in has no webhook URL.');
    const payload = JSON.stringify(event, null, 2);
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
    if (options.signed !== false) {
      headers['stripe-signature'] = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? this.webhookSecret,
        ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
      });
    }
    const delivery: Delivery = { eventId: String(event.id), sessionId, status: null, body: '' };
    try {
      const response = await fetch(this.webhookUrl, { method: 'POST', headers, body: payload });
      delivery.status = response.status;
      delivery.body = await response.text();
    } catch (error) {
      delivery.body = String(error);
    }
    this.deliveries.push(delivery);
    return delivery;
  }

  private session(id: string): StandInSession {
    const session = this.sessions.get(id);
    if (!session) throw new Error(`No checkout session ${id} at the Stripe stand-in.`);
    return session;
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const url = new URL(request.url ?? '/', this.url);
    const body = await readBody(request);
    const route = `${request.method} ${url.pathname}`;
    const pay = /^\/pay\/([\w-]+)$/.exec(url.pathname);
    if (pay?.[1] && request.method === 'GET') return this.payPage(pay[1], response);
    if (pay?.[1] && request.method === 'POST') return this.payNow(pay[1], response);
    if (!request.headers.authorization?.startsWith('Bearer ')) {
      return send(response, stripeError(401, 'You did not provide an API key.'));
    }
    send(response, this.api(route, parseForm(body)));
  }

  private api(route: string, form: Form): Reply {
    if (route === 'POST /v1/checkout/sessions') return this.createSession(form);
    if (route === 'POST /v1/coupons') return this.createCoupon(form);
    const retrieve = /^GET \/v1\/checkout\/sessions\/([\w-]+)$/.exec(route)?.[1];
    if (retrieve) {
      const session = this.sessions.get(retrieve);
      if (!session)
        return stripeError(404, `No such checkout.session: '${retrieve}'`, 'resource_missing');
      return { status: 200, body: toStripeSession(session) };
    }
    return stripeError(404, `Unrecognized request URL (${route.replace(' ', ': ')}).`);
  }

  private createSession(form: Form): Reply {
    const lines = Array.isArray(form.line_items) ? (form.line_items as Form[]) : [];
    if (lines.length === 0) return stripeError(400, 'Missing required param: line_items.');
    const lineItems = lines.map((line): StandInLineItem => {
      const data = (line.price_data ?? {}) as Form;
      return {
        quantity: Number(line.quantity ?? 1),
        price: text(line.price),
        unitAmount: data.unit_amount ? Number(data.unit_amount) : null,
        currency: text(data.currency),
        productName: text((data.product_data as Form | undefined)?.name),
      };
    });
    const discounts = Array.isArray(form.discounts) ? (form.discounts as Form[]) : [];
    const coupon = text(discounts[0]?.coupon);
    if (coupon && !this.coupons.has(coupon)) {
      return stripeError(400, `No such coupon: '${coupon}'`, 'resource_missing');
    }
    const percentOff = coupon ? (this.coupons.get(coupon)?.percentOff ?? 0) : 0;
    const priced = lineItems.every((line) => line.unitAmount !== null);
    const subtotal = lineItems.reduce((sum, l) => sum + (l.unitAmount ?? 0) * l.quantity, 0);
    const id = `cs_test_${crypto.randomBytes(16).toString('hex')}`;
    const session: StandInSession = {
      id,
      status: 'open',
      paymentStatus: 'unpaid',
      mode: text(form.mode) ?? 'payment',
      lineItems,
      currency: lineItems[0]?.currency ?? text(form.currency),
      coupon,
      amountSubtotal: priced ? subtotal : null,
      amountTotal: priced ? subtotal - Math.round((subtotal * percentOff) / 100) : null,
      successUrl: text(form.success_url),
      cancelUrl: text(form.cancel_url),
      metadata: (form.metadata ?? {}) as Record<string, string>,
      clientReferenceId: text(form.client_reference_id),
      customerEmail: text(form.customer_email),
      created: Math.floor(Date.now() / 1000),
      url: `${this.url}/pay/${id}`,
      event: null,
    };
    this.sessions.set(id, session);
    return { status: 200, body: toStripeSession(session) };
  }

  private createCoupon(form: Form): Reply {
    const percentOff = Number(form.percent_off);
    if (!(percentOff > 0 && percentOff <= 100)) {
      return stripeError(400, 'percent_off must be greater than 0 and at most 100.');
    }
    const id = text(form.id) ?? crypto.randomBytes(6).toString('hex');
    const coupon = { id, percentOff, duration: text(form.duration) ?? 'once' };
    this.coupons.set(id, coupon);
    const { duration } = coupon;
    return { status: 200, body: { id, object: 'coupon', percent_off: percentOff, duration } };
  }

  private payPage(id: string, response: http.ServerResponse) {
    const session = this.sessions.get(id);
    if (!session) return send(response, { status: 404, body: 'No such checkout session.' });
    const quantity = session.lineItems.reduce((sum, line) => sum + line.quantity, 0);
    const total = session.amountTotal === null ? '' : ` for ${session.amountTotal / 100}`;
    const cancel = session.cancelUrl ? `<a href="${escapeHtml(session.cancelUrl)}">Cancel</a>` : '';
    const action =
      session.status === 'open'
        ? `<form method="post" action="/pay/${id}"><button type="submit">Pay</button></form>`
        : '<p>This checkout session is already paid.</p>';
    const html =
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout</title></head>' +
      `<body><h1>Checkout (Stripe stand-in)</h1><p>${quantity} credits${escapeHtml(total)} ` +
      `${escapeHtml(session.currency ?? '')}</p>${action}${cancel}</body></html>`;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  }

  private async payNow(id: string, response: http.ServerResponse) {
    const session = this.sessions.get(id);
    if (!session) return send(response, { status: 404, body: 'No such checkout session.' });
    await this.complete(id);
    const location = (session.successUrl ?? this.url).replaceAll('{CHECKOUT_SESSION_ID}', id);
    response.writeHead(303, { location }).end();
  }
}

/** The session as Stripe's API returns it. */
export function toStripeSession(session: StandInSession): Record<string, unknown> {
  return {
    id: session.id,
    object: 'checkout.session',
    amount_subtotal: session.amountSubtotal,
    amount_total: session.amountTotal,
    cancel_url: session.cancelUrl,
    client_reference_id: session.clientReferenceId,
    created: session.created,
    currency: session.currency,
    customer_email: session.customerEmail,
    discounts: session.coupon ? [{ coupon: session.coupon, promotion_code: null }] : [],
    expires_at: session.created + 86_400,
    livemode: false,
    metadata: session.metadata,
    mode: session.mode,
    payment_status: session.paymentStatus,
    status: session.status,
    success_url: session.successUrl,
    url: session.status === 'open' ? session.url : null,
  };
}

/** Stripe's form encoding (`a[b][0][c]=v`) back into nested objects and arrays. */
export function parseForm(body: string): Form {
  const root: Form = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const [head = '', ...rest] = key.split('[');
    const path = [head, ...rest.map((segment) => segment.replace(/\]$/, ''))];
    let node = root;
    for (const segment of path.slice(0, -1)) {
      node[segment] ??= {};
      node = node[segment] as Form;
    }
    node[path.at(-1) ?? head] = value;
  }
  return arraysOf(root) as Form;
}

function arraysOf(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([key, child]) => [key, arraysOf(child)] as const);
  const isList = entries.length > 0 && entries.every(([key], index) => key === String(index));
  return isList ? entries.map(([, child]) => child) : Object.fromEntries(entries);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function stripeError(status: number, message: string, code?: string): Reply {
  return { status, body: { error: { type: 'invalid_request_error', message, code } } };
}

function send(response: http.ServerResponse, { status, body }: Reply) {
  const json = typeof body !== 'string';
  const type = json ? 'application/json' : 'text/plain; charset=utf-8';
  response.writeHead(status, { 'content-type': type }).end(json ? JSON.stringify(body) : body);
}

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function escapeHtml(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('"', '&quot;');
}
