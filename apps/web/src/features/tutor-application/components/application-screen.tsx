import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  documentKinds,
  documentLabels,
  checkLabels,
  type ApplicationFields,
  type ApplicationStatus,
  type DocumentKind,
  type MissingItem,
  type OwnApplication,
  type StoredApplicationFields,
} from '@tibeb/domain/tutoring/contracts';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { translateError } from '../../../lib/translate-message.ts';
import { useApplication } from '../api/get-application.ts';
import { useSaveApplication } from '../api/save-application.ts';
import { useDeleteDocument } from '../api/delete-document.ts';
import { downloadDocument } from '../api/download-document.ts';
import { useUploadDocument, useUploadPhoto } from '../api/upload.ts';

/** What each state means, in plain words (decision 235). */
export const statusText: Record<ApplicationStatus, { label: string; text: string }> = {
  submitted: {
    label: 'Waiting for review',
    text: 'Our team reviews your application and documents. You can still change your answers and documents. We e-mail you when we decide.',
  },
  changes_requested: {
    label: 'Changes requested',
    text: 'We need something more from you: read our note, change your answers or documents, then save. Saving sends the application back to us.',
  },
  approved: {
    label: 'Approved',
    text: 'Welcome! Your profile is public and families can book you. Your answers can no longer be changed here: edit your profile instead.',
  },
  rejected: {
    label: 'Not accepted',
    text: 'We could not accept your application. The reason is below. Your answers can no longer be changed.',
  },
};

const missingText: Record<MissingItem, string> = {
  email_verified: 'Confirm your e-mail address (open the link we sent you)',
  photo: 'Add a photo of yourself',
  identity: 'Upload your identity document (Fayda or passport)',
  police_clearance: 'Upload your police clearance',
  certificate: 'Upload at least one certificate',
};

const ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp';
const MAX_BYTES = 5 * 1024 * 1024;

const size = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export type ApplicationFormSlot = (props: {
  initial: StoredApplicationFields;
  readOnly: boolean;
  onSubmit: (fields: ApplicationFields) => Promise<void>;
}) => ReactNode;

/**
 * /tutor/application (decision 235): the state in plain words, the reason when changes were requested or it was
 * rejected, what is still missing, the photo, the documents per kind and the answers (the form comes from the
 * route: it is the /teach form's, in edit mode). Read-only once decided.
 */
export function ApplicationScreen({ form }: { form: ApplicationFormSlot }) {
  const { t } = useTranslation('applications');
  const query = useApplication();
  const save = useSaveApplication();

  if (query.isPending) return <Spinner />;
  if (query.isError) {
    const error = query.error;
    if (error instanceof ApiError && error.status === 404)
      return (
        <Alert>
          {t(
            'You have no application: your tutor profile was created by our office, so there is nothing to follow here.',
          )}{' '}
          <Link to="/tutor/profile" className="font-semibold underline">
            {t('Go to your profile')}
          </Link>
        </Alert>
      );
    return (
      <Alert tone="error">{t('Your application could not be loaded. Reload the page to try again.')}</Alert>
    );
  }
  const app = query.data;
  const status = statusText[app.status];

  return (
    <div className="min-w-0 space-y-8">
      <section
        aria-labelledby="app-status"
        className="space-y-3 rounded-xl border border-stone-200 bg-white p-4 sm:p-6"
      >
        <h2 id="app-status" className="text-lg font-semibold text-stone-900">
          {t('Status')}: <span className="text-brand-800">{t(status.label)}</span>
        </h2>
        <p className="text-stone-700">{t(status.text)}</p>
        {app.decision_reason && (app.status === 'changes_requested' || app.status === 'rejected') && (
          <div className="rounded-lg bg-amber-50 p-3 text-stone-900">
            <p className="text-sm font-semibold">{t('Our note')}</p>
            <p className="whitespace-pre-line [overflow-wrap:anywhere]">{app.decision_reason}</p>
          </div>
        )}
        {app.checks.length > 0 && (
          <p className="text-sm text-stone-700">
            {t('Checks passed')}: {app.checks.map((c) => t(checkLabels[c.kind])).join(', ')}
          </p>
        )}
        {app.editable && app.missing.length > 0 && (
          <div>
            <h3 className="font-semibold text-stone-900">{t('Still missing before we can approve')}</h3>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-stone-700">
              {app.missing.map((m) => (
                <li key={m}>{t(missingText[m])}</li>
              ))}
            </ul>
          </div>
        )}
        {app.editable && app.missing.length === 0 && (
          <p className="text-sm text-emerald-800">
            {t('Nothing is missing: we have everything we need to review.')}
          </p>
        )}
      </section>

      <PhotoSection app={app} />
      <DocumentsSection app={app} />

      <section
        aria-labelledby="app-answers"
        className="min-w-0 space-y-3 rounded-xl border border-stone-200 bg-white p-4 sm:p-6"
      >
        <h2 id="app-answers" className="text-lg font-semibold text-stone-900">
          {t('Your answers')}
        </h2>
        {!app.editable && (
          <p className="text-sm text-stone-600">{t('Decided applications can no longer be changed.')}</p>
        )}
        {form({
          initial: app.fields,
          readOnly: !app.editable,
          onSubmit: async (fields) => {
            await save.mutateAsync(fields);
          },
        })}
      </section>
    </div>
  );
}

function PhotoSection({ app }: { app: OwnApplication }) {
  const { t } = useTranslation('applications');
  const upload = useUploadPhoto();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <section
      aria-labelledby="app-photo"
      className="space-y-3 rounded-xl border border-stone-200 bg-white p-4 sm:p-6"
    >
      <h2 id="app-photo" className="text-lg font-semibold text-stone-900">
        {t('Your photo')}
      </h2>
      <p className="text-sm text-stone-600">
        {t('A clear photo of your face. JPEG, PNG or WebP, at most 5 MB. Families see it on your profile.')}
      </p>
      {app.photo_url ? (
        <img src={app.photo_url} alt={t('Your photo')} className="h-24 w-24 rounded-full object-cover" />
      ) : (
        <p className="text-sm text-stone-700">{t('No photo yet.')}</p>
      )}
      {app.editable && (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setProblem(null);
            if (!file) return setProblem(t('Choose a photo first.'));
            if (file.size > MAX_BYTES) return setProblem(t('The file is larger than 5 MB.'));
            upload.mutate(file, {
              onSuccess: () => setFile(null),
              onError: (err) =>
                setProblem(
                  err instanceof ApiError ? translateError(t, err) : t('The photo could not be uploaded.'),
                ),
            });
          }}
        >
          <label className="min-w-0 text-sm">
            <span className="block font-medium text-stone-800">{t('Choose a photo')}</span>
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className={`${inputStyles} max-w-full`}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </label>
          <button type="submit" className={buttonStyles.secondary} disabled={upload.isPending}>
            {upload.isPending ? t('Uploading…') : t('Upload photo')}
          </button>
        </form>
      )}
      {problem && <Alert tone="error">{problem}</Alert>}
    </section>
  );
}

function DocumentsSection({ app }: { app: OwnApplication }) {
  const { t } = useTranslation('applications');
  return (
    <section
      aria-labelledby="app-docs"
      className="min-w-0 space-y-4 rounded-xl border border-stone-200 bg-white p-4 sm:p-6"
    >
      <h2 id="app-docs" className="text-lg font-semibold text-stone-900">
        {t('Your documents')}
      </h2>
      <p className="text-sm text-stone-600">
        {t(
          'PDF, JPEG, PNG or WebP, at most 5 MB each, up to 10 in all. Only our team sees them; families only see which checks you passed.',
        )}
      </p>
      {documentKinds.map((kind) => (
        <DocumentKindBlock key={kind} kind={kind} app={app} />
      ))}
    </section>
  );
}

function DocumentKindBlock({ kind, app }: { kind: DocumentKind; app: OwnApplication }) {
  const { t } = useTranslation('applications');
  const upload = useUploadDocument();
  const remove = useDeleteDocument();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const docs = app.documents.filter((d) => d.kind === kind);
  const label = t(documentLabels[kind]);
  const inputId = `doc-${kind}`;
  return (
    <div className="min-w-0 border-t border-stone-200 pt-3">
      <h3 className="font-semibold text-stone-900">{label}</h3>
      {docs.length === 0 ? (
        <p className="text-sm text-stone-700">{t('None uploaded yet.')}</p>
      ) : (
        <ul className="mt-1 space-y-1">
          {docs.map((d) => (
            <li key={d.id} className="flex min-w-0 flex-wrap items-center gap-2 text-sm">
              <button
                type="button"
                className="min-w-0 text-left font-medium text-brand-700 underline [overflow-wrap:anywhere]"
                onClick={() => void downloadDocument(d.url, d.file_name)}
              >
                {d.file_name}
              </button>
              <span className="text-stone-600">({size(d.size_bytes)})</span>
              {app.editable && (
                <button
                  type="button"
                  className="text-red-700 underline"
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(d.id, {
                      onError: (err) =>
                        setProblem(
                          err instanceof ApiError
                            ? translateError(t, err)
                            : t('The document could not be deleted.'),
                        ),
                    })
                  }
                >
                  {t('Delete')} <span className="sr-only">{d.file_name}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {app.editable && (
        <form
          className="mt-2 flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setProblem(null);
            if (!file) return setProblem(t('Choose a file first.'));
            if (file.size > MAX_BYTES) return setProblem(t('The file is larger than 5 MB.'));
            upload.mutate(
              { kind, file },
              {
                onSuccess: () => {
                  setFile(null);
                  (e.target as HTMLFormElement).reset();
                },
                onError: (err) =>
                  setProblem(
                    err instanceof ApiError
                      ? translateError(t, err)
                      : t('The document could not be uploaded.'),
                  ),
              },
            );
          }}
        >
          <div className="min-w-0 text-sm">
            <label htmlFor={inputId} className="block font-medium text-stone-800">
              {t('Add a file: {{kind}}', { kind: label })}
            </label>
            <input
              id={inputId}
              type="file"
              accept={ACCEPT}
              className={`${inputStyles} max-w-full`}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </div>
          <button type="submit" className={buttonStyles.secondary} disabled={upload.isPending}>
            {upload.isPending ? t('Uploading…') : t('Upload')}
          </button>
        </form>
      )}
      {problem && (
        <div className="mt-2">
          <Alert tone="error">{problem}</Alert>
        </div>
      )}
    </div>
  );
}
