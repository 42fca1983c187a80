import { useMutation } from '@tanstack/react-query';
import i18n from 'i18next';
import type { NewsletterInput, NewsletterResult } from '@tibeb/domain/site/contracts';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/newsletter/: 201 when new, 200 when already subscribed (both carry a `detail` to show). The
 * interface's language goes with it: the welcome e-mail is written in it (issue 18).
 */
export const subscribeNewsletter = (input: NewsletterInput) =>
  api.post<NewsletterResult>('/newsletter/', {
    ...input,
    locale: input.locale ?? (i18n.language === 'am' ? 'am' : 'en'),
  });

export function useSubscribeNewsletter() {
  return useMutation({ mutationFn: subscribeNewsletter });
}
