import { useState } from 'react';
import type { PublicTutorListItem } from '@tibeb/domain/tutors/contract';
import { ImageDialog } from '../../features/tutors/components/image-dialog.tsx';
import { TutorCard } from '../../features/tutors/components/tutor-card.tsx';
import { TutorDetailsDialog } from '../../features/tutors/components/tutor-details-dialog.tsx';

/**
 * The profile as families see it, beside the profile form of the admin and tutor areas: the directory's own card,
 * whose Details button opens the directory's own Details dialog. Links inside (Book) are inert here, so a preview
 * never leaves an unsaved form.
 */
export function DirectoryPreview({ tutor }: { tutor: PublicTutorListItem }) {
  const [details, setDetails] = useState<PublicTutorListItem | null>(null);
  const [image, setImage] = useState<{ src: string; name: string } | null>(null);
  return (
    <div
      data-testid="directory-preview"
      onClickCapture={(e) => {
        if ((e.target as HTMLElement).closest('a')) e.preventDefault();
      }}
    >
      <TutorCard tutor={tutor} onDetails={() => setDetails(tutor)} onEnlarge={setImage} eager />
      <TutorDetailsDialog tutor={details} onClose={() => setDetails(null)} />
      <ImageDialog image={image} onClose={() => setImage(null)} />
    </div>
  );
}
