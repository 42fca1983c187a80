import { FakeChapaServer } from './fake-chapa-server.ts';

/**
 * The local fake of Chapa's API as its own process, for the browser journey (e2e/playwright.config.ts starts
 * it beside the app): CHAPA_FAKE_PORT, the app's CHAPA_SECRET_KEY and CHAPA_WEBHOOK_SECRET, and the webhook
 * URL of Chapa's dashboard (CHAPA_FAKE_WEBHOOK_URL, the app's /api/payments/webhook/chapa/).
 */
const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const fake = await new FakeChapaServer({
  port: Number(env('CHAPA_FAKE_PORT')),
  secretKey: env('CHAPA_SECRET_KEY'),
  webhookSecret: env('CHAPA_WEBHOOK_SECRET'),
  webhookUrl: process.env.CHAPA_FAKE_WEBHOOK_URL || undefined,
}).start();
console.log(`fake Chapa API on ${fake.baseUrl}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void fake.stop().then(() => process.exit(0));
  });
}
