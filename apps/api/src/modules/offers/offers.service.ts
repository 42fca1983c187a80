import type { AdminOffer, Offer, OfferInput } from '@tibeb/domain/site/contracts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { PublicCache } from '../../lib/public-cache.ts';
import * as repo from './offers.repository.ts';

const toAdmin = (row: repo.OfferRow): AdminOffer => ({
  id: row.id,
  title: row.title,
  description: row.description,
  is_active: row.isActive,
  sort_order: row.sortOrder,
});

/** Active offers for the home page's carousel (cached; every write invalidates). */
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

  async get(id: number): Promise<AdminOffer> {
    const row = await repo.findOffer(this.db, id);
    if (!row) throw notFound('Offer not found.');
    return toAdmin(row);
  }

  async create(input: OfferInput): Promise<AdminOffer> {
    const row = await repo.insertOffer(this.db, {
      title: input.title,
      description: input.description,
      isActive: input.is_active,
      sortOrder: input.sort_order,
    });
    this.cache.invalidate();
    return toAdmin(row);
  }

  async update(id: number, input: Partial<OfferInput>): Promise<AdminOffer> {
    const row = await repo.updateOffer(this.db, id, {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.is_active !== undefined ? { isActive: input.is_active } : {}),
      ...(input.sort_order !== undefined ? { sortOrder: input.sort_order } : {}),
    });
    if (!row) throw notFound('Offer not found.');
    this.cache.invalidate();
    return toAdmin(row);
  }

  async remove(id: number): Promise<void> {
    if (!(await repo.deleteOffer(this.db, id))) throw notFound('Offer not found.');
    this.cache.invalidate();
  }
}
