import { Navigate, Route, Routes } from 'react-router';
import { CalendarFeedCard } from '../../../features/calendar-feed/components/calendar-feed-card.tsx';
import { MessagesScreen } from '../../../features/messages/components/messages-screen.tsx';
import { StudentsList } from '../../../features/tutor-week/components/students-list.tsx';
import { TutorWeekOverview } from '../../../features/tutor-week/components/tutor-overview.tsx';
import { WeekCalendar } from '../../../features/tutor-week/components/week-calendar.tsx';
import { AreaLayout } from '../../layouts/area-layout.tsx';
import { screenRoutes, type ScreenRoute } from '../screen-routes.tsx';
import { AvailabilitySection, TutorProfilePage } from './profile-page.tsx';

const screens: ScreenRoute[] = [
  {
    path: 'dashboard',
    title: 'Overview',
    intro: 'Your next session and its online room, sessions to mark, this month, and this week.',
    content: <TutorWeekOverview />,
  },
  {
    path: 'students',
    title: 'My Students',
    intro:
      "Each student with the guardian's contact, sessions held and to come; mark attendance with a note the family reads.",
    content: <StudentsList />,
  },
  {
    path: 'schedule',
    title: 'Schedule',
    intro: 'Your week of sessions, your weekly availability and time off, and a calendar subscription.',
    content: (
      <div className="space-y-8">
        <WeekCalendar />
        <AvailabilitySection />
        <CalendarFeedCard area="tutor" />
      </div>
    ),
  },
  {
    path: 'messages',
    title: 'Messages',
    intro: "Conversations with your students' families.",
    content: <MessagesScreen area="tutor" />,
  },
  {
    path: 'profile',
    title: 'Profile',
    intro: 'Your public profile as families see it, your photo, and your account.',
    content: <TutorProfilePage />,
  },
];

/** The tutor area (spec §2, issue 14): its own chunk, loaded after the role check. */
export default function TutorArea() {
  return (
    <AreaLayout area="tutor">
      <Routes>
        {screenRoutes('tutor', screens)}
        <Route path="*" element={<Navigate to="/tutor/dashboard" replace />} />
      </Routes>
    </AreaLayout>
  );
}
