import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactSettings } from '@tibeb/domain/site/contracts';

function Block({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <div className="flex gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
      <span
        aria-hidden="true"
        className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700"
      >
        <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          {icon}
        </svg>
      </span>
      <div className="min-w-0">
        <h2 className="font-semibold text-stone-900">{title}</h2>
        <div className="mt-1 break-words text-stone-700">{children}</div>
      </div>
    </div>
  );
}

/** The address, phone and e-mail blocks of the contact page (spec §2), from the site settings. */
export function ContactDetails({
  contact,
}: {
  contact: Pick<ContactSettings, 'address' | 'phone' | 'email'>;
}) {
  const { t } = useTranslation('public');
  const notSet = <span className="text-stone-600">{t('Please use the form below.')}</span>;
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <Block
        title={t('Address')}
        icon={
          <path d="M12 21s-7-6.5-7-12a7 7 0 0 1 14 0c0 5.5-7 12-7 12zM12 11a2 2 0 1 0 0-4 2 2 0 0 0 0 4z" />
        }
      >
        {contact.address ? <address className="not-italic">{contact.address}</address> : notSet}
      </Block>
      <Block
        title={t('Phone')}
        icon={
          <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z" />
        }
      >
        {contact.phone ? (
          <a
            href={`tel:${contact.phone.replace(/[^+\d]/g, '')}`}
            className="font-medium text-brand-700 hover:underline"
          >
            {contact.phone}
          </a>
        ) : (
          notSet
        )}
      </Block>
      <Block title={t('Email')} icon={<path d="M4 6h16v12H4zM4 7l8 6 8-6" />}>
        {contact.email ? (
          <a href={`mailto:${contact.email}`} className="font-medium text-brand-700 hover:underline">
            {contact.email}
          </a>
        ) : (
          notSet
        )}
      </Block>
    </div>
  );
}
