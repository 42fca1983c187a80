import type { AdminTutorListItem } from '@tibeb/domain/tutors/profile';

/** A tutor as GET /api/admin/tutors/ lists it: plain defaults, with the fields a test cares about given. */
export function adminTutorItem(
  fields: Pick<AdminTutorListItem, 'id' | 'full_name'> & Partial<AdminTutorListItem>,
) {
  return {
    checks: [],
    subject: 'Mathematics',
    subject_id: 1,
    category: 'Mathematics',
    grade_from: 1,
    grade_to: 12,
    bio: '',
    education: '',
    years_of_experience: 4,
    teaching_style: '',
    hourly_rate: 20,
    average_rating: 0,
    total_reviews: 0,
    profile_image: '',
    time_zone: 'Africa/Addis_Ababa',
    availability: { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
    is_published: true,
    is_active: true,
    ...fields,
  } satisfies AdminTutorListItem;
}
