/**
 * The bookings module's public API: what code outside modules/bookings imports, and nothing more. Today that is
 * only `registerBookings`, which app.ts lists with the other modules. Files inside bookings never import this
 * file (they import each other directly), so that no import cycle can run through it.
 */
export { registerBookings } from './bookings.plugin.ts';
