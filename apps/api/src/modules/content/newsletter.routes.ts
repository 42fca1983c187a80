import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { newsletterInput, newsletterResult } from '@tibeb/domain/site/contracts';
import { siteMessages, siteName } from '@tibeb/domain/site/messages';
import { z } from 'zod';
import { NewsletterService } from './newsletter.service.ts';
import { errorResponseSchema as errorBody, errorResponses, textAnswer } from '../../platform/http/schemas.ts';
import { escapeMarkup } from '../../platform/http/escape.ts';
import type { AppInstance } from '../../platform/http/app-instance.ts';

/** The confirm page's texts, in both languages: the link does not say which one the subscriber reads. */
const confirmTexts = {
  en: {
    title: 'Unsubscribe from the newsletter?',
    message: `Press the button to stop receiving the ${siteName} newsletter.`,
    button: 'Unsubscribe',
  },
  am: {
    title: 'ከጋዜጣው ምዝገባዎን ያቋርጣሉ?',
    message: `የ${siteName} ጋዜጣን መቀበል ለማቆም ቁልፉን ይጫኑ።`,
    button: 'ምዝገባ አቋርጥ',
  },
} as const;

/** The self-contained pages' look: the link is opened from an e-mail client, outside the web app. */
const pageStyle =
  'body{font-family:system-ui,sans-serif;background:#f5f5f4;color:#1c1917;margin:0;padding:3rem 1rem}\n' +
  'main{max-width:32rem;margin:auto;background:#fff;border-radius:1rem;padding:2rem;box-shadow:0 1px 3px #0002}\n' +
  'h1{color:#065f46;font-size:1.5rem;margin-top:0}a{color:#065f46;font-weight:600}';

/** A small self-contained page around `body` (markup already escaped), with the way back to the site. */
function shell(title: string, body: string, style = '') {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeMarkup(title)} | ${siteName}</title>
<style>${pageStyle}${style}</style></head>
<body><main>${body}<p><a href="/">Back to ${siteName}</a></p></main></body></html>`;
}

/** A page that says one thing. */
const page = (title: string, message: string) =>
  shell(title, `<h1>${escapeMarkup(title)}</h1><p>${escapeMarkup(message)}</p>`);

const invalidLinkPage = () => page('Link not valid', siteMessages.newsletterUnsubscribeInvalid);

/**
 * What a GET of the unsubscribe link shows (decision 256): a button that POSTs, so a mail scanner or a link
 * preview that follows the link unsubscribes nobody.
 */
function confirmPage(token: string) {
  const { en, am } = confirmTexts;
  const action = `?token=${encodeURIComponent(token)}`;
  return shell(
    en.title,
    `<h1>${escapeMarkup(en.title)}</h1><p>${escapeMarkup(en.message)}</p>
<div lang="am"><h2>${escapeMarkup(am.title)}</h2><p>${escapeMarkup(am.message)}</p></div>
<form method="post" action="${escapeMarkup(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">${escapeMarkup(en.button)} · <span lang="am">${escapeMarkup(am.button)}</span></button></form>`,
    '\nmain{overflow-wrap:anywhere}' +
      'button{background:#065f46;color:#fff;border:0;border-radius:.5rem;padding:.75rem 1.25rem;font:inherit;font-weight:600;cursor:pointer}' +
      'button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}',
  );
}

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new NewsletterService({
    db: app.db,
    mailer: app.mailer,
    log: app.log,
    publicUrl: app.config.publicUrl,
    counters: app.counters,
  });

  app.post(
    '/newsletter/',
    {
      config: { rateLimit: { max: 10, timeWindow: 10 * 60 * 1000 } },
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribe to the newsletter (201 when new, 200 when already subscribed)',
        body: newsletterInput,
        response: { 200: newsletterResult, 201: newsletterResult, 400: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const result = await service.subscribe(request.body.email, request.body.locale);
      return reply.status(result.status === 'subscribed' ? 201 : 200).send(result);
    },
  );

  await app.register(async (scope: AppInstance) => {
    // The one-click POST (RFC 8058: `List-Unsubscribe=One-Click`) and the confirm page's form: parsed here only.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    scope.get(
      '/newsletter/unsubscribe/',
      {
        schema: {
          tags: ['newsletter'],
          summary:
            'The unsubscribe link of the newsletter e-mails: a page asking to confirm with a button that POSTs; ' +
            'a GET never unsubscribes (answers HTML)',
          querystring: z.object({ token: z.string().max(200).optional() }),
          response: {
            200: textAnswer('text/html', 'The page'),
            404: textAnswer('text/html', 'The page: the link is not valid'),
            ...errorResponses(400),
          },
        },
      },
      async (request, reply) => {
        const token = request.query.token ?? '';
        const valid = token ? await service.canUnsubscribe(token) : false;
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
        return valid ? reply.status(200).send(confirmPage(token)) : reply.status(404).send(invalidLinkPage());
      },
    );

    scope.post(
      '/newsletter/unsubscribe/',
      {
        schema: {
          tags: ['newsletter'],
          summary:
            'Unsubscribes: the one-click POST of the List-Unsubscribe header (RFC 8058) or the confirm page (answers HTML)',
          querystring: z.object({ token: z.string().max(200).optional() }),
          body: z.record(z.string().max(100), z.string().max(200)).optional(),
          response: {
            200: textAnswer('text/html', 'The page'),
            404: textAnswer('text/html', 'The page: the link is not valid'),
            ...errorResponses(400),
          },
        },
      },
      async (request, reply) => {
        const token = request.query.token ?? '';
        const done = token ? await service.unsubscribe(token) : false;
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
        return done
          ? reply.status(200).send(page('Unsubscribed', siteMessages.newsletterUnsubscribed))
          : reply.status(404).send(invalidLinkPage());
      },
    );
  });
};
