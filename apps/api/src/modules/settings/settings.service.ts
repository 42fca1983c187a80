import type { SiteSettings, SiteSettingsView } from '@tibeb/domain/site/contracts';
import { siteName } from '@tibeb/domain/site/messages';
import type { Db } from '../../db/client.ts';
import { PublicCache } from '../../lib/public-cache.ts';
import * as repo from './settings.repository.ts';

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const obj = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** Site settings (DESIGN §1.11): the contact details and map of the contact page, and the site's name. */
export class SettingsService {
  private readonly db: Db;
  private readonly cache = new PublicCache();

  constructor(db: Db) {
    this.db = db;
  }

  async read(): Promise<SiteSettingsView> {
    const stored = await repo.readSettings(this.db, ['contact', 'site']);
    const contact = obj(stored.contact);
    const site = obj(stored.site);
    return {
      contact: {
        address: str(contact.address),
        phone: str(contact.phone),
        email: str(contact.email),
        map_embed_url: str(contact.map_embed_url),
      },
      site: { name: str(site.name) || siteName },
    };
  }

  cached() {
    return this.cache.get('settings', () => this.read());
  }

  async write(settings: SiteSettings): Promise<SiteSettingsView> {
    await this.db.transaction(async (tx) => {
      await repo.writeSetting(tx, 'contact', settings.contact);
      await repo.writeSetting(tx, 'site', settings.site);
    });
    this.cache.invalidate();
    return this.read();
  }
}
