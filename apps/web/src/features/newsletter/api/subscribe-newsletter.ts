import { useMutation } from '@tanstack/react-query';
import type { NewsletterInput, NewsletterResult } from '@tibeb/domain/site/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/newsletter/: 201 when new, 200 when already subscribed (both carry a `detail` to show). */
export const subscribeNewsletter = (input: NewsletterInput) =>
  api.post<NewsletterResult>('/newsletter/', input);

export function useSubscribeNewsletter() {
  return useMutation({ mutationFn: subscribeNewsletter });
}
