import type { AppInstance } from '../../platform/http/app-instance.ts';
import { registerNextFree } from './next-free.job.ts';
import { offersRoutes } from './offers.routes.ts';
import { reviewsRoutes } from './reviews.routes.ts';
import { subjectsRoutes } from './subjects.routes.ts';
import { tutorsRoutes } from './tutors.routes.ts';

/** What a family chooses from: tutors (directory and profiles), subjects and prices, offers, reviews. */
export async function registerCatalog(app: AppInstance) {
  await app.register(tutorsRoutes, { prefix: '/api' });
  await app.register(subjectsRoutes, { prefix: '/api' });
  await app.register(offersRoutes, { prefix: '/api' });
  await app.register(reviewsRoutes, { prefix: '/api' });
  // Each tutor's next free time, kept for the directory's cards and sort (decision 239).
  registerNextFree(app);
}
