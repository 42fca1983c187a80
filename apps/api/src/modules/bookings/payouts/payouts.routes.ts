import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_ROLES } from '@tibeb/domain/accounts/roles';
import {
  adminPayoutsQuerySchema,
  adminPayoutsResponseSchema,
  payoutMarkBodySchema,
  payoutMethodBodySchema,
  payoutMethodResponseSchema,
  payoutRunBodySchema,
  payoutRunPreviewQuerySchema,
  payoutRunPreviewSchema,
  payoutRunResponseSchema,
  payoutSchema,
} from '@tibeb/domain/ledger/payouts';
import type { AppInstance } from '../../../platform/http/app-instance.ts';
import { sendCsv } from '../../../platform/http/csv-reply.ts';
import { errorResponseSchema as errorBody, textAnswer } from '../../../platform/http/schemas.ts';
import { payoutsDeps } from './payouts-deps.service.ts';
import * as service from './payouts.service.ts';

const tags = ['payouts'];
const security = [{ bearerAuth: [] }];
const guarded = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const idParams = z.object({ id: z.uuid({ error: 'Payout not found.' }) });

/** Where a tutor is paid, and the admin's payout runs in birr (issue 27 item 4). */
export const payoutsRoutes: FastifyPluginAsyncZod = async (app: AppInstance) => {
  const deps = () => payoutsDeps(app);
  const tutor = { onRequest: app.requireRole(['tutor']) };
  const admin = { onRequest: app.requireRole(ADMIN_ROLES) };

  app.get(
    '/tutor/payout-method/',
    {
      ...tutor,
      schema: {
        tags,
        security,
        summary: 'Where the tutor is paid (masked) and the banks and wallets to choose from',
        response: { 200: payoutMethodResponseSchema, ...guarded },
      },
    },
    (request) => service.getPayoutMethod(deps(), request.user!.sub),
  );

  app.put(
    '/tutor/payout-method/',
    {
      ...tutor,
      schema: {
        tags,
        security,
        summary: 'Sets where the tutor is paid: needs the current password; audited and e-mailed',
        body: payoutMethodBodySchema,
        response: { 200: payoutMethodResponseSchema, ...guarded, 429: errorBody },
      },
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
    },
    (request) => service.setPayoutMethod(deps(), request.user!.sub, request.body),
  );

  app.get(
    '/admin/payouts/',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary:
          'The rail, a page of the balances ready to pay (50, by tutor name) with every currency’s totals, ' +
          'the latest runs and a page of payouts',
        querystring: adminPayoutsQuerySchema,
        response: { 200: adminPayoutsResponseSchema, ...guarded },
      },
    },
    (request) => service.adminPayouts(deps(), request.query),
  );

  app.get(
    '/admin/payouts/preview/',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary:
          'What a payout run at this rate would pay now: how many, the birr total, the first 50 by name',
        querystring: payoutRunPreviewQuerySchema,
        response: { 200: payoutRunPreviewSchema, ...guarded },
      },
    },
    (request) => service.previewRun(deps(), request.query.etb_per_usd ?? null),
  );

  app.post(
    '/admin/payouts/',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'A payout run: every available balance at least the minimum, in birr at the given rate',
        body: payoutRunBodySchema,
        response: { 201: payoutRunResponseSchema, ...guarded },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createRun(deps(), request.user!.sub, request.body)),
  );

  app.post(
    '/admin/payouts/:id/retry/',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Sends a failed payout again',
        params: idParams,
        response: { 200: payoutSchema, ...guarded },
      },
    },
    (request) => service.retryPayout(deps(), request.user!.sub, request.params.id),
  );

  for (const outcome of ['paid', 'failed'] as const) {
    app.post(
      `/admin/payouts/:id/mark-${outcome}/`,
      {
        ...admin,
        schema: {
          tags,
          security,
          summary: `Marks a manual payout ${outcome}`,
          params: idParams,
          body: payoutMarkBodySchema,
          response: { 200: payoutSchema, ...guarded },
        },
      },
      (request) =>
        service.markPayout(deps(), request.user!.sub, request.params.id, outcome, request.body.reason),
    );
  }

  app.get(
    '/admin/payouts/runs/:id/bank-file.csv',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'A run’s bank file (CSV, birr)',
        params: idParams,
        response: { 200: textAnswer('text/csv', 'The CSV file'), ...guarded },
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        `tibeb-payouts-${request.params.id.slice(0, 8)}.csv`,
        await service.bankFile(app.db, request.params.id),
      ),
  );
};
