// The schema entry point for drizzle-kit and the database client.
export * from './users.ts';
export * from './catalog.ts';
export * from './bookings.ts';
export * from './payments.ts';
export * from './content.ts';
export * from './messaging.ts';
export * from './tutoring.ts';
export * from './ledger.ts';
