import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    email: text().notNull(),
    message: text().notNull(),
    ip: text().notNull().default(''),
    // When the fixed acknowledgement went out (at most one per address per day).
    acknowledgedAt: timestamp({ withTimezone: true }),
    handledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // The admin list, newest first (decision 241).
  (t) => [index('contact_messages_created_idx').on(t.createdAt, t.id)],
);

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    unsubscribeToken: text().notNull().unique(),
    subscribedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    unsubscribedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('newsletter_email_lower_key').on(sql`lower(${t.email})`)],
);

export const blogCategories = pgTable('blog_categories', {
  id: serial().primaryKey(),
  name: text().notNull(),
  slug: text().notNull().unique(),
});

export const blogTags = pgTable('blog_tags', {
  id: serial().primaryKey(),
  name: text().notNull(),
  slug: text().notNull().unique(),
});

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial().primaryKey(),
    slug: text().notNull().unique(),
    title: text().notNull(),
    body: text().notNull(),
    excerpt: text().notNull().default(''),
    coverImageUrl: text().notNull().default(''),
    categoryId: integer().references(() => blogCategories.id, { onDelete: 'set null' }),
    authorUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    status: text({ enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    publishedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('blog_posts_published_idx').on(t.status, t.publishedAt),
    index('blog_posts_search_idx').using(
      'gin',
      sql`to_tsvector('english', ${t.title} || ' ' || ${t.excerpt} || ' ' || ${t.body})`,
    ),
  ],
);

export const blogPostTags = pgTable(
  'blog_post_tags',
  {
    postId: integer()
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    tagId: integer()
      .notNull()
      .references(() => blogTags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.postId, t.tagId] })],
);

export const blogComments = pgTable(
  'blog_comments',
  {
    id: serial().primaryKey(),
    postId: integer()
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    email: text().notNull(),
    body: text().notNull(),
    // approved comments show at once; pending ones wait for moderation (spam checks, DESIGN §1.11).
    status: text({ enum: ['approved', 'pending', 'rejected'] })
      .notNull()
      .default('approved'),
    ip: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('blog_comments_post_idx').on(t.postId, t.status),
    // The moderation queue's order (held ones first, then the newest), alone and after a status filter; the
    // burst check of one address (decision 241).
    index('blog_comments_queue_idx').on(sql`(${t.status} = 'pending')`, t.createdAt, t.id),
    index('blog_comments_status_idx').on(t.status, t.createdAt, t.id),
    index('blog_comments_ip_idx').on(t.ip, t.createdAt),
  ],
);

/** Site settings (contact address, phone, e-mail, map) as key → JSON value, edited in the admin area. */
export const siteSettings = pgTable('site_settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Every admin write: who, what, when, before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    actorUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    action: text().notNull(),
    entityType: text().notNull(),
    entityId: text().notNull(),
    before: jsonb(),
    after: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt)],
);
