import type { AdminOffer, Offer, OfferInput } from '@tibeb/domain/site/contracts';
import { offerOrderMessages } from '@tibeb/domain/admin/offers';
import type { Db } from '../../platform/db/client.ts';
import { badRequest, notFound } from '../../platform/http/app-error.ts';
import { PublicCache } from '../../platform/cache/public-cache.ts';
import { recordAudit } from '../audit/index.ts';
import * as repo from './offers.repository.ts';
import { adminMessages } from '@tibeb/domain/admin/messages';

const toAdmin = (row: repo.OfferRow): AdminOffer => ({
  id: row.id,
  title: row.title,
  description: row.description,
  is_active: row.isActive,
  sort_order: row.sortOrder,
});

/** Active offers for the home page's carousel (cached; every write invalidates and is audited). */
export class OffersService {
  private readonly db: Db;
  readonly cache = new PublicCache();

  constructor(db: Db) {
    this.db = db;
  }

  publicOffers() {
    return this.cache.get<Offer[]>('offers', () => repo.listActiveOffers(this.db));
  }

  async list(): Promise<AdminOffer[]> {
    return (await repo.listAllOffers(this.db)).map(toAdmin);
  }

  async create(input: OfferInput, actor: string | null): Promise<AdminOffer> {
    const row = await this.db.transaction(async (tx) => {
      const created = await repo.insertOffer(tx, {
        title: input.title,
        description: input.description,
        isActive: input.is_active,
        sortOrder: input.sort_order,
      });
      await recordAudit(tx, {
        actorUserId: actor,
        action: 'create',
        entityType: 'offer',
        entityId: String(created.id),
        after: toAdmin(created),
      });
      return created;
    });
    this.cache.invalidate();
    return toAdmin(row);
  }

  async update(id: number, input: Partial<OfferInput>, actor: string | null): Promise<AdminOffer> {
    const row = await this.db.transaction(async (tx) => {
      const before = await repo.findOffer(tx, id);
      if (!before) throw notFound(adminMessages.offerNotFound);
      const updated = await repo.updateOffer(tx, id, {
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.is_active !== undefined ? { isActive: input.is_active } : {}),
        ...(input.sort_order !== undefined ? { sortOrder: input.sort_order } : {}),
      });
      if (!updated) throw notFound(adminMessages.offerNotFound);
      const action =
        input.is_active !== undefined && input.is_active !== before.isActive
          ? input.is_active
            ? 'publish'
            : 'unpublish'
          : 'update';
      await recordAudit(tx, {
        actorUserId: actor,
        action,
        entityType: 'offer',
        entityId: String(id),
        before: toAdmin(before),
        after: toAdmin(updated),
      });
      return updated;
    });
    this.cache.invalidate();
    return toAdmin(row);
  }

  /** Sets the display order: `ids` must name every offer exactly once. */
  async reorder(ids: number[], actor: string | null): Promise<AdminOffer[]> {
    const rows = await this.db.transaction(async (tx) => {
      const current = await repo.listAllOffers(tx);
      const known = new Set(current.map((o) => o.id));
      if (ids.length !== known.size || ids.some((id) => !known.has(id))) {
        throw badRequest(offerOrderMessages.mismatch, { ids: [offerOrderMessages.mismatch] });
      }
      for (const [index, id] of ids.entries()) await repo.updateOffer(tx, id, { sortOrder: index + 1 });
      const after = await repo.listAllOffers(tx);
      for (const row of after) {
        const before = current.find((o) => o.id === row.id)!;
        if (before.sortOrder === row.sortOrder) continue;
        await recordAudit(tx, {
          actorUserId: actor,
          action: 'reorder',
          entityType: 'offer',
          entityId: String(row.id),
          before: { sort_order: before.sortOrder },
          after: { sort_order: row.sortOrder },
        });
      }
      return after;
    });
    this.cache.invalidate();
    return rows.map(toAdmin);
  }

  async remove(id: number, actor: string | null): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await repo.findOffer(tx, id);
      if (!before || !(await repo.deleteOffer(tx, id))) throw notFound(adminMessages.offerNotFound);
      await recordAudit(tx, {
        actorUserId: actor,
        action: 'delete',
        entityType: 'offer',
        entityId: String(id),
        before: toAdmin(before),
      });
    });
    this.cache.invalidate();
  }
}
