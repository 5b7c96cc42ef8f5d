// The browser journeys' Stripe: the tests' local stand-in on a fixed port, announcing paid
// sessions to the product's webhook (scripts/e2e-server.mjs starts it beside the server).
import { StripeStandIn } from '../../apps/server/test/helpers/stripe-stand-in.ts';

const port = Number(process.env.E2E_STRIPE_PORT ?? 3198);
const standIn = await new StripeStandIn().start({
  port,
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? '',
  webhookUrl: process.env.E2E_WEBHOOK_URL,
});
console.log(`Stripe stand-in listening at ${standIn.url}`);
const stop = () => void standIn.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
