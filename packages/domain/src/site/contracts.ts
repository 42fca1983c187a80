import { z } from 'zod';
import { siteLimits, siteMessages } from './messages.ts';
import { localeSchema } from '../shared/locale.ts';

const email = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(siteLimits.emailMaxLength, invalid)
    .pipe(z.email({ error: invalid }));

/** POST /api/contacts/ (spec §3 Contact message, §5: all required, email of email type). */
export const contactMessageInput = z.object({
  name: z
    .string({ error: siteMessages.contactNameRequired })
    .trim()
    .min(1, siteMessages.contactNameRequired)
    .max(siteLimits.nameMaxLength, `Name must be at most ${siteLimits.nameMaxLength} characters.`),
  email: email(siteMessages.contactEmailInvalid, siteMessages.contactEmailInvalid),
  message: z
    .string({ error: siteMessages.contactMessageRequired })
    .trim()
    .min(1, siteMessages.contactMessageRequired)
    .max(siteLimits.messageMaxLength, `Message must be at most ${siteLimits.messageMaxLength} characters.`),
  /** The language of the page it was sent from (issue 18): the acknowledgement is written in it. */
  locale: localeSchema.optional(),
});
export type ContactMessageInput = z.infer<typeof contactMessageInput>;

export const contactMessageCreated = z.object({ id: z.number().int(), detail: z.string() });
export type ContactMessageCreated = z.infer<typeof contactMessageCreated>;

/** A contact message as administrators read it. */
export const contactMessage = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  created_at: z.string(),
  handled_at: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessage>;

/** POST /api/newsletter/ (spec §5: email required and of email type). */
export const newsletterInput = z.object({
  email: email(siteMessages.newsletterEmailRequired, siteMessages.newsletterEmailInvalid),
  /** The language of the page (issue 18): the welcome e-mail is written in it. */
  locale: localeSchema.optional(),
});
export type NewsletterInput = z.infer<typeof newsletterInput>;
export const newsletterResult = z.object({
  detail: z.string(),
  status: z.enum(['subscribed', 'already_subscribed', 'resubscribed']),
});
export type NewsletterResult = z.infer<typeof newsletterResult>;

/** GET /api/offers/ (spec §3 Offer). */
export const offer = z.object({ id: z.number().int(), title: z.string(), description: z.string() });
export type Offer = z.infer<typeof offer>;

/** Offers as administrators manage them. */
export const adminOffer = offer.extend({ is_active: z.boolean(), sort_order: z.number().int() });
export type AdminOffer = z.infer<typeof adminOffer>;
export const offerInput = z.object({
  title: z.string().trim().min(1, 'Title is required.').max(120, 'Title must be at most 120 characters.'),
  description: z
    .string()
    .trim()
    .min(1, 'Description is required.')
    .max(600, 'Description must be at most 600 characters.'),
  is_active: z.boolean().default(true),
  sort_order: z.number().int().min(0).max(10_000).default(0),
});
export type OfferInput = z.infer<typeof offerInput>;

/**
 * The map must be an OpenStreetMap embed: the only third-party frame the site's Content-Security-Policy
 * admits (decision 031).
 */
export const MAP_EMBED_PREFIX = 'https://www.openstreetmap.org/export/embed.html';
export const isAllowedMapEmbed = (url: string) => url.startsWith(`${MAP_EMBED_PREFIX}?`);

/** Site settings 'contact' (DESIGN §1.11). Empty strings are allowed: the spec's contact page has empty blocks. */
export const contactSettings = z.object({
  address: z.string().trim().max(300),
  phone: z.string().trim().max(40),
  email: z.union([z.literal(''), z.email('Enter a valid email address.')]),
  map_embed_url: z.union([
    z.literal(''),
    z
      .string()
      .trim()
      .refine(isAllowedMapEmbed, `Use an OpenStreetMap embed address (${MAP_EMBED_PREFIX}?…).`),
  ]),
});
export type ContactSettings = z.infer<typeof contactSettings>;

/** GET /api/settings/public/ and GET/PUT /api/admin/settings/. */
export const siteSettings = z.object({
  contact: contactSettings,
  site: z.object({ name: z.string().trim().min(1, 'Site name is required.').max(80) }),
});
export type SiteSettings = z.infer<typeof siteSettings>;

/** What the API answers: plain strings, read leniently from the database (a seeded value may predate the rules). */
/**
 * The booking policy's numbers that public texts state (decision 254): the FAQ and the terms read them from
 * here, so they never promise other numbers than the ones the lifecycle applies.
 */
export const policyWords = z.object({
  cancellation_notice_hours: z.number().int(),
  hold_minutes: z.number().int(),
  weeks_per_payment: z.number().int(),
});
export type PolicyWords = z.infer<typeof policyWords>;

export const siteSettingsView = z.object({
  contact: z.object({ address: z.string(), phone: z.string(), email: z.string(), map_embed_url: z.string() }),
  site: z.object({ name: z.string() }),
  /** Optional so that older cached answers still parse; pages fall back to the policy's defaults. */
  policy_words: policyWords.optional(),
});
export type SiteSettingsView = z.infer<typeof siteSettingsView>;

/** GET /api/offers/: the active offers, in display order. */
export const offerList = z.array(offer);
/** GET /api/admin/offers/ and PUT /api/admin/offers/order/: every offer, in display order. */
export const adminOfferList = z.array(adminOffer);
