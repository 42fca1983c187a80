import { describe, expect, it } from 'vitest';
import { blogPreviews } from './blog-previews.ts';
import { faqItems } from './faq.ts';
import { contactSentence, privacyPolicy, termsOfService } from './legal.ts';
import { marketingSubjects } from './subjects.ts';
import { testimonials } from './testimonials.ts';

const contact = {
  siteName: 'Tibeb Tutoring',
  email: 'hello@tibeb.example',
  phone: '+251 11 000 0000',
  address: 'Bole Road, Addis Ababa',
};
const text = (doc: ReturnType<typeof termsOfService>) =>
  doc.sections.flatMap((s) => [s.heading, ...s.paragraphs]).join('\n');

describe('static marketing content', () => {
  it('lists the four subjects of spec §3 with their levels', () => {
    expect(marketingSubjects.map((s) => [s.slug, s.name, s.level])).toEqual([
      ['mathematics', 'Mathematics', 'Beginner to Advanced'],
      ['sciences', 'Sciences', 'Grades 5-12'],
      ['languages', 'Languages', 'Conversational to Academic'],
      ['coding', 'Coding', 'Kids & Teens'],
    ]);
    const languages = marketingSubjects.find((s) => s.slug === 'languages')!;
    expect(languages.topics).toEqual(expect.arrayContaining(['Amharic', 'Tigrigna', 'Oromifa']));
  });

  it('has testimonials in whole pages of 3, each with name, image, quote and profession', () => {
    expect(testimonials.length).toBeGreaterThanOrEqual(7);
    expect(testimonials.length % 3).toBe(0);
    for (const t of testimonials) {
      expect(t.name && t.image && t.quote && t.profession).toBeTruthy();
    }
    expect(new Set(testimonials.map((t) => t.name)).size).toBe(testimonials.length);
  });

  it('has blog previews with the spec §3 fields', () => {
    for (const p of blogPreviews) {
      expect(Object.keys(p).sort()).toEqual(
        ['category', 'date', 'excerpt', 'id', 'image', 'readTime', 'title'].sort(),
      );
    }
  });

  it('answers the 8 FAQ questions of spec §2 in order', () => {
    expect(faqItems.map((f) => f.id)).toEqual([
      'subjects',
      'online',
      'scheduling',
      'cancel',
      'payments',
      'refunds',
      'support',
      'switch',
    ]);
    expect(faqItems.find((f) => f.id === 'cancel')!.answer).toMatch(/dashboard/);
  });

  it('dates the legal text June 20, 2025, version 1.0, with 30 days notice and the under-13 rule', () => {
    for (const doc of [termsOfService(contact), privacyPolicy(contact)]) {
      expect(doc.effectiveDate).toBe('June 20, 2025');
      expect(doc.version).toBe('1.0');
      expect(text(doc)).toContain("30 days' notice");
    }
    const terms = text(termsOfService(contact));
    // Lessons are sold from KG: the terms say who they are for, and that no child under 13 uses it alone (264).
    expect(terms).toContain('from kindergarten (KG) to Grade 12');
    expect(terms).toContain(
      'a student under 13 takes part only in lessons that a parent or legal guardian has booked',
    );
    expect(terms).not.toContain('not intended for children under 13');
    expect(text(privacyPolicy(contact))).toContain(
      'Our lessons are for students from kindergarten (KG) upward',
    );
    expect(faqItems.find((f) => f.id === 'subjects')!.answer).toContain('from KG (kindergarten) to Grade 12');
    expect(terms).toContain('Tibeb Tutoring');
    expect(terms).toContain('hello@tibeb.example');
    expect(terms).not.toMatch(/\[[A-Z ]+\]|\{\{|\bplaceholder\b/i);
  });

  it('names only the contact details that are set', () => {
    expect(contactSentence({ ...contact, email: '', address: '' })).toBe(
      'You can reach Tibeb Tutoring by phone on +251 11 000 0000, or through the contact form on our Contact page.',
    );
    expect(contactSentence({ siteName: 'X', email: '', phone: '', address: '' })).toBe(
      'You can reach X through the contact form on our Contact page.',
    );
  });
});
