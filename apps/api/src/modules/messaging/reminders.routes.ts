import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppInstance } from '../../platform/http/app-instance.ts';
import { errorResponseSchema as errorBody, errorResponses, textAnswer } from '../../platform/http/schemas.ts';
import { notFound } from '../../platform/http/app-error.ts';
import { confirmPage, donePage, invalidPage, twiml } from './reminders.page.ts';
import * as service from './reminders.service.ts';

const tags = ['reminders'];
const html = (description: string) => textAnswer('text/html', description);
const token = z.string().max(300);

/**
 * Stopping lesson reminders from outside the site (issue 18 item 4, prefix /api): the e-mail's opt-out link
 * (a page, then a form post), and Twilio's inbound messages (STOP / START), signed with the Auth Token.
 */
export const remindersRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(async (scope: AppInstance) => {
    // The opt-out form and Twilio post urlencoded bodies: parsed here only.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    scope.get(
      '/reminders/opt-out/',
      {
        schema: {
          tags,
          summary: "The e-mail reminder's opt-out link: a page asking to confirm (answers HTML)",
          querystring: z.object({ token: token.optional() }),
          response: {
            200: html('The page'),
            404: html('The page: the link is not valid'),
            ...errorResponses(400),
          },
        },
      },
      async (request, reply) => {
        const found = request.query.token
          ? await service.optOutPage(app.db, request.query.token, app.config.jwtSecret)
          : null;
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
        return found
          ? reply.status(200).send(confirmPage(found.locale, request.query.token!, found.enabled))
          : reply.status(404).send(invalidPage());
      },
    );

    scope.post(
      '/reminders/opt-out/',
      {
        schema: {
          tags,
          summary: "Turns the account's lesson reminders off (the opt-out page's form; answers HTML)",
          body: z.object({ token }),
          response: {
            200: html('The page'),
            404: html('The page: the link is not valid'),
            ...errorResponses(400),
          },
        },
      },
      async (request, reply) => {
        const locale = await service.stopReminders(app.db, request.body.token, app.config.jwtSecret);
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
        return locale ? reply.status(200).send(donePage(locale)) : reply.status(404).send(invalidPage());
      },
    );

    scope.post(
      '/reminders/twilio/inbound/',
      {
        schema: {
          tags,
          summary:
            "Twilio's inbound SMS and WhatsApp messages (signed): STOP turns the sender's reminders off, START on (answers TwiML)",
          body: z.record(z.string().max(100), z.string().max(2000)),
          response: { 200: textAnswer('text/xml', 'TwiML'), 403: errorBody, ...errorResponses(400, 404) },
        },
      },
      async (request, reply) => {
        const twilio = app.config.twilio;
        if (!twilio) throw notFound();
        // The address Twilio called: the site's public address and the path with its query.
        const url = `${app.config.publicUrl}${request.url}`;
        const signature = request.headers['x-twilio-signature'];
        if (
          !service.validTwilioSignature(
            twilio.authToken,
            url,
            request.body,
            typeof signature === 'string' ? signature : undefined,
          )
        ) {
          return reply
            .status(403)
            .send({ detail: 'The request signature is not valid.', code: 'invalid_signature' });
        }
        const answer = await service.inboundMessage(app.db, {
          from: request.body.From ?? '',
          body: request.body.Body ?? '',
          messageSid: request.body.MessageSid ?? '',
        });
        if (answer) request.log.info({ changed: answer.changed }, 'reminders: inbound STOP/START');
        return reply
          .type('text/xml; charset=utf-8')
          .status(200)
          .send(twiml(answer?.reply ?? null));
      },
    );
  });
};
