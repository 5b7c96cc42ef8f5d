import Stripe from 'stripe';
import type { Config } from '../../config.ts';

/**
 * The official Stripe SDK for this server's keys. STRIPE_API_URL only changes in tests, which
 * point it at a local stand-in through the SDK's host, port and protocol options.
 * @example const session = await stripeClient(config.stripe).checkout.sessions.create({ … });
 */
export function stripeClient(stripe: NonNullable<Config['stripe']>): Stripe {
  const url = stripe.apiUrl;
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(stripe.secretKey, {
    host: url.hostname,
    port: Number(url.port || (protocol === 'http' ? 80 : 443)),
    protocol,
    maxNetworkRetries: 2,
    telemetry: false,
  });
}
