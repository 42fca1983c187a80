import { describe, expect, it } from 'vitest';
import { contactMessageInput, contactSettings, newsletterInput } from './contracts.ts';
import { siteMessages } from './messages.ts';

describe('site contracts', () => {
  it('requires name, email and message on a contact message, with the field messages', () => {
    const result = contactMessageInput.safeParse({ name: ' ', email: 'nope', message: '' });
    expect(result.success).toBe(false);
    const fields = result.error!.flatten().fieldErrors;
    expect(fields.name).toEqual([siteMessages.contactNameRequired]);
    expect(fields.email).toEqual([siteMessages.contactEmailInvalid]);
    expect(fields.message).toEqual([siteMessages.contactMessageRequired]);
  });
  it('trims a valid contact message', () => {
    expect(
      contactMessageInput.parse({ name: ' Hana ', email: ' hana@example.com ', message: ' Hi ' }),
    ).toEqual({ name: 'Hana', email: 'hana@example.com', message: 'Hi' });
  });
  it('tells a missing newsletter e-mail from a malformed one', () => {
    expect(newsletterInput.safeParse({ email: '' }).error?.issues[0]?.message).toBe(
      siteMessages.newsletterEmailRequired,
    );
    expect(newsletterInput.safeParse({ email: 'a@b' }).error?.issues[0]?.message).toBe(
      siteMessages.newsletterEmailInvalid,
    );
    expect(newsletterInput.safeParse({}).error?.issues[0]?.message).toBe(
      siteMessages.newsletterEmailRequired,
    );
  });
  it('admits only OpenStreetMap embeds as the map, or none', () => {
    const base = { address: '', phone: '', email: '' };
    expect(contactSettings.safeParse({ ...base, map_embed_url: '' }).success).toBe(true);
    expect(
      contactSettings.safeParse({
        ...base,
        map_embed_url: 'https://www.openstreetmap.org/export/embed.html?bbox=38.7,9.0,38.8,9.1&layer=mapnik',
      }).success,
    ).toBe(true);
    expect(contactSettings.safeParse({ ...base, map_embed_url: 'https://evil.example/embed' }).success).toBe(
      false,
    );
  });
  it('keeps the spec texts with their prefixes', () => {
    expect(siteMessages.contactSuccess).toBe('🎉 Your message has been sent successfully!');
    expect(siteMessages.contactFailure).toBe('❌ Failed to send message. Please try again.');
    expect(siteMessages.offersLoadFailed).toBe('Failed to load offers');
  });
});
