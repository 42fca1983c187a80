import type { AppInstance } from '../../../platform/http/app-instance.ts';
import { CurrentPasswordThrottle } from '../../accounts/index.ts';
import { ChapaTransfers } from './chapa-transfers.provider.ts';
import type { PayoutsDeps } from './payouts.service.ts';

const made = new WeakMap<object, PayoutsDeps>();

/** What the payouts services are given: Chapa Transfers when CHAPA_SECRET_KEY is set (one per app). */
export function payoutsDeps(app: AppInstance): PayoutsDeps {
  let deps = made.get(app);
  if (!deps) {
    const chapa = app.config.chapa;
    deps = {
      db: app.db,
      config: app.config,
      mailer: app.mailer,
      log: app.log,
      currentPassword: new CurrentPasswordThrottle(app.counters),
      transfers: chapa ? new ChapaTransfers({ secretKey: chapa.secretKey, baseUrl: chapa.baseUrl }) : null,
    };
    made.set(app, deps);
  }
  return deps;
}
