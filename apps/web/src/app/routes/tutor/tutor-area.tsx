import { Navigate, Route, Routes, useParams } from 'react-router';
import { CalendarFeedCard } from '../../../features/calendar-feed/components/calendar-feed-card.tsx';
import { MessagesScreen } from '../../../features/messages/components/messages-screen.tsx';
import { StudentsList } from '../../../features/tutor-week/components/students-list.tsx';
import { TutorWeekOverview } from '../../../features/tutor-week/components/tutor-overview.tsx';
import { WeekCalendar } from '../../../features/tutor-week/components/week-calendar.tsx';
import { SessionExtraContext } from '../../../features/tutor-week/components/session-extra.tsx';
import { TutorSessionHomework } from '../../../features/homework/components/tutor-session-homework.tsx';
import type { TutorSession } from '@tibeb/domain/sessions/tutor-area';
import { AreaLayout } from '../../layouts/area-layout.tsx';
import { EarningsScreen } from '../../../features/earnings/components/earnings-screen.tsx';
import { StatementPage } from '../../../features/earnings/components/statement-page.tsx';
import { PayoutMethodScreen } from '../../../features/payout-method/components/payout-method-screen.tsx';
import { ApplicationForm } from '../../../features/teach/components/application-form.tsx';
import {
  ApplicationScreen,
  type ApplicationFormSlot,
} from '../../../features/tutor-application/components/application-screen.tsx';
import { screenRoutes, type ScreenRoute } from '../screen-routes.tsx';
import { AvailabilitySection, TutorProfilePage } from './profile-page.tsx';

/** The application's answers: the /teach form in edit mode (one form, one contract). */
const applicationForm: ApplicationFormSlot = ({ initial, readOnly, onSubmit }) => (
  <ApplicationForm
    mode="edit"
    initial={initial}
    readOnly={readOnly}
    onSubmit={(fields) => onSubmit(fields)}
  />
);

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
    path: 'earnings',
    title: 'Earnings',
    intro: 'What you earned, what can be paid out and when, and each month’s statement.',
    content: <EarningsScreen />,
  },
  {
    path: 'payout-method',
    title: 'Payout method',
    intro: 'The bank account or wallet your earnings are paid to, in birr.',
    content: <PayoutMethodScreen />,
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
  {
    path: 'application',
    title: 'My application',
    intro: 'Where your application to teach stands, what is still missing, your documents and your answers.',
    content: <ApplicationScreen form={applicationForm} />,
  },
];

function Statement() {
  const { month = '' } = useParams();
  return <StatementPage month={month} />;
}

/** The tutor area (spec §2, issue 14): its own chunk, loaded after the role check. */
export default function TutorArea() {
  return (
    <Routes>
      {/* A printable statement: the page alone, without the area's frame. */}
      <Route path="earnings/statement/:month" element={<Statement />} />
      <Route path="*" element={<TutorAreaScreens />} />
    </Routes>
  );
}

/** Under each session of the tutor's screens: its homework and "Set homework" (decision 270). */
const sessionHomework = (session: TutorSession) => <TutorSessionHomework session={session} />;

function TutorAreaScreens() {
  return (
    <AreaLayout area="tutor">
      <SessionExtraContext.Provider value={sessionHomework}>
        <Routes>
          {screenRoutes('tutor', screens)}
          <Route path="*" element={<Navigate to="/tutor/dashboard" replace />} />
        </Routes>
      </SessionExtraContext.Provider>
    </AreaLayout>
  );
}
