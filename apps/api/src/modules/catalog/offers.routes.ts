import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOffer, offer, offerInput } from '@tibeb/domain/site/contracts';
import { z } from 'zod';
import { ADMIN_ROLES } from '@tibeb/domain/accounts/roles';
import { withEtag } from '../../platform/cache/public-cache.ts';
import { OffersService } from './offers.service.ts';
import { offerOrderInput } from '@tibeb/domain/admin/offers';
import { errorResponseSchema as errorBody } from '../../platform/http/schemas.ts';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
// Partial updates keep the field rules but drop the create defaults.
const offerPatch = z.object({
  title: offerInput.shape.title.optional(),
  description: offerInput.shape.description.optional(),
  is_active: z.boolean().optional(),
  sort_order: z.number().int().min(0).max(10_000).optional(),
});

/** Special offers: the home page's carousel (public) and their management (admin). */
export const offersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new OffersService(app.db);
  const admin = { preHandler: app.requireRole(ADMIN_ROLES) };
  const security = [{ bearerAuth: [] }];

  app.get(
    '/offers/',
    {
      compress: false,
      schema: {
        tags: ['offers'],
        summary: 'Active special offers, in display order',
        response: { 200: z.array(offer), 304: z.null() },
      },
    },
    async (request, reply) => withEtag(request, reply, await service.publicOffers()),
  );

  app.get(
    '/admin/offers/',
    {
      ...admin,
      schema: {
        tags: ['offers'],
        security,
        summary: 'All offers, active or not',
        response: { 200: z.array(adminOffer), 401: errorBody, 403: errorBody },
      },
    },
    () => service.list(),
  );

  app.post(
    '/admin/offers/',
    {
      ...admin,
      schema: {
        tags: ['offers'],
        security,
        body: offerInput,
        response: { 201: adminOffer, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(request.body, request.user?.sub ?? null)),
  );

  app.put(
    '/admin/offers/order/',
    {
      ...admin,
      schema: {
        tags: ['offers'],
        security,
        summary: 'Sets the display order of every offer (the carousel follows at once)',
        body: offerOrderInput,
        response: { 200: z.array(adminOffer), 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    (request) => service.reorder(request.body.ids, request.user?.sub ?? null),
  );

  app.patch(
    '/admin/offers/:id/',
    {
      ...admin,
      schema: {
        tags: ['offers'],
        security,
        params: idParams,
        body: offerPatch,
        response: { 200: adminOffer, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    (request) => service.update(request.params.id, request.body, request.user?.sub ?? null),
  );

  app.delete(
    '/admin/offers/:id/',
    {
      ...admin,
      schema: {
        tags: ['offers'],
        security,
        params: idParams,
        response: { 204: z.null(), 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      await service.remove(request.params.id, request.user?.sub ?? null);
      return reply.status(204).send(null);
    },
  );
};
