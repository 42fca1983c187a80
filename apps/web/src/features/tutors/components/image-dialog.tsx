import { useTranslation } from 'react-i18next';
import { directoryMessages as m } from '@tibeb/domain/tutors/messages';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TutorImage } from './tutor-image.tsx';

/** The enlarged profile image (spec §2: click to enlarge in a modal). */
export function ImageDialog({
  image,
  onClose,
}: {
  image: { src: string; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('public');
  return (
    <Dialog
      open={image !== null}
      onClose={onClose}
      title={image ? t('Photo of {{name}}', { name: image.name }) : t('Photo')}
    >
      {image && (
        <div className="flex flex-col items-center gap-4">
          <TutorImage
            src={image.src}
            alt={image.name}
            loading="eager"
            className="aspect-square w-full max-w-md rounded-xl bg-brand-50 object-cover"
          />
          <button type="button" className={buttonStyles.secondary} onClick={onClose}>
            {t(m.close)}
          </button>
        </div>
      )}
    </Dialog>
  );
}
