import { useTranslation } from 'react-i18next';
import { useId, useRef, useState } from 'react';
import { IMAGE_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_TYPES, uploadMessages } from '@tibeb/domain/uploads/contracts';
import { Alert } from '../../../components/ui/alert.tsx';
import type { ProfileScope } from '../api/scope.ts';
import { useUploadPhoto } from '../api/upload-photo.ts';
import { SaveProblem } from './problem.tsx';

export type PhotoUploadProps = {
  scope: ProfileScope;
  /** The current photo's address ('' = none). */
  image: string;
  /** The tutor's name, for the image's text alternative. */
  name: string;
};

/** Uploads a profile photo (JPEG, PNG or WebP up to 5 MB; the server resizes it and checks again). */
export function PhotoUpload({ scope, image, name }: PhotoUploadProps) {
  const { t } = useTranslation('tutor');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [localError, setLocalError] = useState('');
  const upload = useUploadPhoto(scope);

  const onChange = (file: File | undefined) => {
    setLocalError('');
    upload.reset();
    if (!file) return;
    if (!(IMAGE_UPLOAD_TYPES as readonly string[]).includes(file.type))
      return setLocalError(t(uploadMessages.type));
    if (file.size > IMAGE_UPLOAD_MAX_BYTES) return setLocalError(t(uploadMessages.tooLarge));
    upload.mutate(file, { onSettled: () => input.current && (input.current.value = '') });
  };

  return (
    <div className="flex flex-col gap-4 rounded-xl border border-stone-200 bg-white p-4 sm:flex-row sm:items-center sm:p-6">
      {image ? (
        <img
          src={image}
          alt={name || t('The tutor')}
          className="h-28 w-28 rounded-xl bg-stone-100 object-cover"
        />
      ) : (
        <div className="flex h-28 w-28 items-center justify-center rounded-xl bg-stone-100 text-sm text-stone-600">
          {t('No photo')}
        </div>
      )}
      <div className="min-w-0 flex-1 space-y-2">
        <label htmlFor={id} className="block text-sm font-medium text-stone-800">
          {t('Profile photo')}
        </label>
        <input
          ref={input}
          id={id}
          type="file"
          accept={IMAGE_UPLOAD_TYPES.join(',')}
          aria-describedby={`${id}-hint`}
          className="block w-full max-w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-brand-700 file:px-4 file:py-2 file:font-semibold file:text-white"
          onChange={(e) => onChange(e.target.files?.[0])}
          disabled={upload.isPending}
        />
        <p id={`${id}-hint`} className="text-xs text-stone-600">
          {t(
            'JPEG, PNG or WebP, at most 5 MB and at least 200 pixels on each side. It is resized for the directory.',
          )}
        </p>
        {upload.isPending && <p role="status">{t('Uploading…')}</p>}
        {localError && <Alert tone="error">{localError}</Alert>}
        <SaveProblem error={upload.error} />
        {upload.isSuccess && <Alert tone="success">{t('Photo saved.')}</Alert>}
      </div>
    </div>
  );
}
