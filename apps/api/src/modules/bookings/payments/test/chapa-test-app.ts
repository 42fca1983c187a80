import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { FakeChapaServer } from './fake-chapa-server.ts';
import { createAdmin } from './fixtures.ts';

export type ChapaTestApp = {
  t: TestApp;
  fake: FakeChapaServer;
  admin: { authorization: string };
  close: () => Promise<void>;
};

/** An app that takes birr through a local server answering as Chapa's API does, and an admin to set rates. */
export async function startChapaTestApp(keys: {
  secretKey: string;
  webhookSecret: string;
}): Promise<ChapaTestApp> {
  const fake = await new FakeChapaServer(keys).start();
  const t = await createTestApp({ chapa: { ...keys, baseUrl: fake.baseUrl } });
  const admin = await createAdmin(t.app.db, t.config.jwtSecret);
  return {
    t,
    fake,
    admin,
    close: async () => {
      await t.close();
      await fake.stop();
    },
  };
}
