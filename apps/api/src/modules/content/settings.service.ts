import {
  readBookingPolicy,
  type AdminSettingsBody,
  type AdminSettingsView,
  type BookingPolicy,
} from '@tibeb/domain/bookings/lifecycle';
import { EARNINGS_POLICY_KEY, readEarningsPolicy } from '@tibeb/domain/ledger/earnings';
import type { PolicyWords, SiteSettingsView } from '@tibeb/domain/site/contracts';
import { siteName } from '@tibeb/domain/site/messages';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { BusMemo } from '../../platform/cache/cache-bus.ts';
import { PublicCache } from '../../platform/cache/public-cache.ts';
import { recordAudit } from '../audit/index.ts';
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
      // The numbers public texts state (FAQ, terms), from the booking policy (decision 254).
      policy_words: policyWords(await bookingPolicy(this.db, { fresh: true })),
    };
  }

  /** The admin's view: the site settings and the booking policy (hold, lead time, notice, weeks). */
  async readAdmin(): Promise<AdminSettingsView> {
    const earnings = readEarningsPolicy(
      (await repo.readSettings(this.db, [EARNINGS_POLICY_KEY]))[EARNINGS_POLICY_KEY],
    );
    return { ...(await this.read()), policy: await bookingPolicy(this.db, { fresh: true }), earnings };
  }

  cached() {
    return this.cache.get('settings', () => this.read());
  }

  /** Saves them; each part that changed (contact details, booking policy) is one audit entry, in the same transaction. */
  async write(settings: AdminSettingsBody, actorUserId: string | null): Promise<AdminSettingsView> {
    await this.db.transaction(async (tx) => {
      const before = await repo.readSettings(tx, ['contact', 'site', POLICY_KEY, EARNINGS_POLICY_KEY]);
      await repo.writeSetting(tx, 'contact', settings.contact);
      await repo.writeSetting(tx, 'site', settings.site);
      if (settings.policy) await repo.writeSetting(tx, POLICY_KEY, settings.policy);
      // The earnings policy (issue 27, decision 227): its own audit entry, like the booking policy's.
      const earningsBefore = readEarningsPolicy(before[EARNINGS_POLICY_KEY]);
      const earningsAfter = settings.earnings ? readEarningsPolicy(settings.earnings) : earningsBefore;
      if (settings.earnings) await repo.writeSetting(tx, EARNINGS_POLICY_KEY, earningsAfter);
      if (JSON.stringify(earningsBefore) !== JSON.stringify(earningsAfter)) {
        await recordAudit(tx, {
          actorUserId,
          action: 'update_earnings_policy',
          entityType: 'settings',
          entityId: SETTINGS_AUDIT_ID,
          before: earningsBefore,
          after: earningsAfter,
        });
      }
      const contactBefore = contactFields(before.contact, before.site);
      const contactAfter = contactFields(settings.contact, settings.site);
      if (JSON.stringify(contactBefore) !== JSON.stringify(contactAfter)) {
        await recordAudit(tx, {
          actorUserId,
          action: 'update_contact',
          entityType: 'settings',
          entityId: SETTINGS_AUDIT_ID,
          before: contactBefore,
          after: contactAfter,
        });
      }
      const policyBefore = readBookingPolicy(before[POLICY_KEY]);
      const policyAfter = settings.policy ? readBookingPolicy(settings.policy) : policyBefore;
      if (JSON.stringify(policyBefore) !== JSON.stringify(policyAfter)) {
        await recordAudit(tx, {
          actorUserId,
          action: 'update_booking_policy',
          entityType: 'settings',
          entityId: SETTINGS_AUDIT_ID,
          before: policyBefore,
          after: policyAfter,
        });
      }
    });
    this.cache.invalidate();
    policyMemo.forget();
    return this.readAdmin();
  }
}

const POLICY_KEY = 'booking_policy';
/** The settings are one record in the audit log (`entity_type=settings&entity_id=site`). */
export const SETTINGS_AUDIT_ID = 'site';

/** The contact details and site name as the audit log shows them: one flat field each. */
function contactFields(contact: unknown, site: unknown) {
  const c = obj(contact);
  return {
    address: str(c.address),
    phone: str(c.phone),
    email: str(c.email),
    map_embed_url: str(c.map_embed_url),
    site_name: str(obj(site).name) || siteName,
  };
}
/**
 * Read often (every booking, cancel, move): remembered for a few seconds on each instance, and forgotten on
 * every instance when it changes (the cache bus, issue 16).
 */
const POLICY_TTL_MS = 5_000;
const policyMemo = new BusMemo<BookingPolicy>('booking-policy', POLICY_TTL_MS);

/** The booking policy the lifecycle reads (issue 11): stored values, defaults where unset or out of range. */
export function bookingPolicy(db: DbOrTx, opts: { fresh?: boolean } = {}): Promise<BookingPolicy> {
  return policyMemo.get(
    async () => readBookingPolicy((await repo.readSettings(db, [POLICY_KEY]))[POLICY_KEY]),
    opts,
  );
}

/** The booking policy's numbers the public pages state (decision 254). */
function policyWords(policy: BookingPolicy): PolicyWords {
  return {
    cancellation_notice_hours: policy.cancellation_notice_hours,
    hold_minutes: policy.hold_minutes,
    weeks_per_payment: policy.weeks_per_payment,
  };
}

/** Forget the remembered policy, here and on every instance (tests that write the setting directly). */
export function forgetBookingPolicy(): void {
  policyMemo.forget();
}
