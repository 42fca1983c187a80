import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize, isImageType, type Attachment } from '@tibeb/domain/messages/attachments';
import { downloadPrivateFile, fetchPrivateFile } from '../lib/private-files.ts';

/**
 * A private file in a message or a homework (decision 269): an image as a small picture (read with the token, as
 * a blob), a PDF as a button with its name and size that saves it. Images are also saved by their name's button.
 * `preview={false}`: the button only, so that nothing is read until it is pressed (an admin's read is audited).
 */
export function PrivateFile({ file, preview = true }: { file: Attachment; preview?: boolean }) {
  const { t } = useTranslation('common');
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const size = formatFileSize(file.size_bytes);
  const save = () => {
    setFailed(false);
    setBusy(true);
    downloadPrivateFile(file.url, file.name)
      .catch(() => setFailed(true))
      .finally(() => setBusy(false));
  };
  return (
    <div className="mt-1 min-w-0 max-w-full">
      {preview && isImageType(file.content_type) && file.url && <Thumbnail file={file} />}
      <button
        type="button"
        onClick={save}
        disabled={busy || !file.url}
        aria-label={t('Download {{name}} ({{size}})', { name: file.name, size })}
        className="mt-1 inline-flex max-w-full items-center gap-2 rounded-lg border border-stone-300 bg-white px-2 py-1 text-left text-sm text-brand-800 hover:bg-brand-50 disabled:opacity-60"
      >
        <span
          aria-hidden="true"
          className="shrink-0 rounded bg-stone-100 px-1 text-xs font-semibold text-stone-700"
        >
          {file.content_type === 'application/pdf' ? 'PDF' : t('Image')}
        </span>
        <span className="min-w-0 wrap-anywhere underline">{file.name}</span>
        <span className="shrink-0 text-xs text-stone-600">{size}</span>
      </button>
      {failed && (
        <p role="alert" className="text-sm text-red-700">
          {t('The file could not be opened. Please try again.')}
        </p>
      )}
    </div>
  );
}

function Thumbnail({ file }: { file: Attachment }) {
  const { t } = useTranslation('common');
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let href: string | null = null;
    let live = true;
    fetchPrivateFile(file.url)
      .then((blob) => {
        if (!live) return;
        href = URL.createObjectURL(blob);
        setSrc(href);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (href) URL.revokeObjectURL(href);
    };
  }, [file.url]);
  if (!src) return <div aria-hidden="true" className="h-24 w-32 max-w-full rounded-lg bg-stone-100" />;
  return (
    <img
      src={src}
      alt={t('Picture: {{name}}', { name: file.name })}
      className="max-h-48 max-w-full rounded-lg border border-stone-200 object-contain"
    />
  );
}
