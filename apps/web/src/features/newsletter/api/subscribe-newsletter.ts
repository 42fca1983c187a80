import { useMutation } from '@tanstack/react-query';
import i18n from 'i18next';
import type { NewsletterInput, NewsletterResult } from '@tibeb/domain/site/contracts';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/newsletter/: 201 when new, 200 when already subscribed (both carry a `detail` to show). The
 * interface's language goes with it: the welcome e-mail is written in it (issue 18).
 */
export async function subscribeNewsletter(input: NewsletterInput): Promise<NewsletterResult> {
  const body = await api.post<unknown>('/newsletter/', {
    ...input,
    locale: input.locale ?? (i18n.language === 'am' ? 'am' : 'en'),
  });
  // The contract (and zod) loads with the first subscription, not with every page's footer (decision 245).
  const { newsletterResult } = await import('@tibeb/domain/site/contracts');
  return newsletterResult.parse(body);
}

export function useSubscribeNewsletter() {
  return useMutation({ mutationFn: subscribeNewsletter });
}
