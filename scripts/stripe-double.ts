/**
 * Runs the Stripe double (tests/doubles/stripe) on its own, for `npm start` to take card payments
 * without Stripe: `npm run stripe:double`, then start the server with the three variables it
 * prints. Events go to the server's webhook route; the hosted page is on the double's own port.
 *
 * STRIPE_DOUBLE_PORT (12111), STRIPE_DOUBLE_WEBHOOK_URL (the local server's route),
 * STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (made-up test values) change what it uses.
 */
import { startStripeDouble } from '../tests/doubles/stripe/stripe-double';

const double = await startStripeDouble({
  port: Number(process.env.STRIPE_DOUBLE_PORT ?? 12111),
  secretKey: process.env.STRIPE_SECRET_KEY ?? 'sk_test_double_local_0000000000',
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_double_local_0000000000',
  webhookUrl: process.env.STRIPE_DOUBLE_WEBHOOK_URL ?? 'http://localhost:3000/api/v2/payments/stripe/webhook/',
  onDelivery: (event, delivery) => console.log(`${event.type} ${event.id} → ${'status' in delivery ? delivery.status : delivery.error}`),
});

console.log(`Stripe double on ${double.url}; start the server with:

  STRIPE_API_URL=${double.url} STRIPE_SECRET_KEY=${double.secretKey} STRIPE_WEBHOOK_SECRET=${double.webhookSecret} npm start
`);

const stop = () => {
  void double.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
