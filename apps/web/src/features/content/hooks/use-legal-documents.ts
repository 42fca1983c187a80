import { privacyPolicy, termsOfService } from '@tibeb/domain/site/legal';
import { emptySiteSettings, useSiteSettings } from '../api/get-site-settings.ts';

/** The privacy policy and the terms, naming the site, its contact details and the policy's numbers as the settings give them. */
export function useLegalDocuments() {
  const { data = emptySiteSettings } = useSiteSettings();
  const contact = { siteName: data.site.name, ...data.contact, policy: data.policy_words };
  return { privacy: privacyPolicy(contact), terms: termsOfService(contact) };
}
