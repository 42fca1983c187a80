import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatFileSize,
  PRIVATE_FILE_ACCEPT,
  PRIVATE_FILE_MAX_BYTES,
  type Attachment,
} from '@tibeb/domain/messages/attachments';
import { localFileProblem, uploadPrivateFile } from '../lib/private-files.ts';
import { translateAnswer } from '../lib/translate-message.ts';

/**
 * Attach one file (decision 269): a labelled file input that uploads the chosen file at once (its own until it is
 * sent), says what is wrong with a wrong type or a file over 5 MB, and shows the file ready to go with a way to
 * take it off.
 */
export function PrivateFilePicker({
  area,
  value,
  onChange,
  label,
  disabled = false,
}: {
  area: 'tutor' | 'student';
  value: Attachment | null;
  onChange: (file: Attachment | null) => void;
  label: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('common');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    const problem = localFileProblem(file, PRIVATE_FILE_MAX_BYTES);
    if (problem) {
      setError(
        problem === 'type'
          ? t('Attach a JPEG, PNG or WebP image, or a PDF.')
          : t('The file is larger than 5 MB.'),
      );
      if (input.current) input.current.value = '';
      return;
    }
    setBusy(true);
    try {
      onChange(await uploadPrivateFile(area, file));
    } catch (err) {
      setError(translateAnswer(t, err) ?? t('The file could not be uploaded. Please try again.'));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="min-w-0 text-sm">
      {value ? (
        <p className="flex flex-wrap items-center gap-2">
          <span className="min-w-0 wrap-anywhere text-stone-800">
            {t('Attached: {{name}} ({{size}})', { name: value.name, size: formatFileSize(value.size_bytes) })}
          </span>
          <button
            type="button"
            className="font-medium text-brand-700 underline"
            onClick={() => onChange(null)}
            disabled={disabled}
          >
            {t('Remove the file')}
          </button>
        </p>
      ) : (
        <>
          <label
            htmlFor={id}
            className={`inline-flex cursor-pointer items-center gap-1 rounded-lg border border-stone-300 bg-white px-3 py-1.5 font-medium text-brand-800 hover:bg-brand-50 ${busy || disabled ? 'pointer-events-none opacity-60' : ''}`}
          >
            <svg
              aria-hidden="true"
              width="18"
              height="18"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M21 11.5l-8.6 8.6a5 5 0 01-7.1-7.1l8.6-8.6a3.3 3.3 0 014.7 4.7l-8.6 8.6a1.7 1.7 0 01-2.4-2.4l7.9-7.9" />
            </svg>
            {busy ? t('Uploading...') : label}
          </label>
          <input
            ref={input}
            id={id}
            type="file"
            accept={PRIVATE_FILE_ACCEPT}
            className="sr-only"
            disabled={busy || disabled}
            aria-describedby={`${id}-hint`}
            onChange={(e) => void choose(e.target.files?.[0])}
          />
          <span id={`${id}-hint`} className="ml-2 text-stone-600">
            {t('Image or PDF, up to 5 MB')}
          </span>
        </>
      )}
      {error && (
        <p role="alert" className="mt-1 text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
