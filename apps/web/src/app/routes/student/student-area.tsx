import { Navigate, Route, Routes, useParams } from 'react-router';
import { ProfileCard } from '../../../features/auth/components/profile-card.tsx';
import { signInAgain } from '../../../features/auth/hooks/use-auth.ts';
import { useGetOverview } from '../../../features/family/api/get-overview.ts';
import { FamilyOverview } from '../../../features/family/components/family-overview.tsx';
import { ContinueWeeklyCards } from '../../../features/trial/components/continue-weekly.tsx';
import { FamilyProgress } from '../../../features/family/components/family-progress.tsx';
import { FamilyHomework } from '../../../features/homework/components/family-homework.tsx';
import { ChangePasswordForm } from '../../../features/auth/components/change-password-form.tsx';
import { FamilySettings } from '../../../features/family/components/family-settings.tsx';
import { TelegramCard } from '../../../features/family/components/telegram-card.tsx';
import { ReceiptPage } from '../../../features/family/components/receipt-page.tsx';
import { CalendarFeedCard } from '../../../features/calendar-feed/components/calendar-feed-card.tsx';
import { MessagesScreen } from '../../../features/messages/components/messages-screen.tsx';
import { MyTutors } from '../../../features/reviews/components/my-tutors.tsx';
import { AreaLayout } from '../../layouts/area-layout.tsx';
import { screenRoutes, type ScreenRoute } from '../screen-routes.tsx';
import { BookSession } from './book-session.tsx';

function Receipt() {
  const { id = '' } = useParams();
  return <ReceiptPage id={id} />;
}

function Settings() {
  return (
    <div className="space-y-8">
      <FamilySettings
        passwordForm={
          <ChangePasswordForm
            onChanged={(message) => {
              // The new password ends every sign-in, this one too: sign in again with it (decision 256).
              signInAgain(message);
            }}
          />
        }
      />
      {/* Reminders and changes on Telegram (issue 30 item 6). */}
      <TelegramCard />
    </div>
  );
}

const screens: ScreenRoute[] = [
  {
    path: 'dashboard',
    title: 'Overview',
    intro: 'Your upcoming sessions, in Ethiopian time (EAT) and your own time; your credit and payments.',
    content: (
      <div className="space-y-8">
        {/* After a trial lesson: "Continue weekly with {tutor}" (decision 273). */}
        <ContinueWeeklyCards />
        <FamilyOverview />
        {/* The family's sessions in its own calendar app (issue 18 item 5). */}
        <CalendarFeedCard area="student" />
      </div>
    ),
  },
  {
    path: 'tutors',
    title: 'My Tutors',
    intro: 'The tutors you have booked: book again, and review them.',
    content: <MyTutors />,
  },
  {
    path: 'messages',
    title: 'Messages',
    intro: 'Conversations with your tutors.',
    content: <MessagesScreen area="student" />,
  },
  {
    path: 'progress',
    title: 'Progress',
    intro: "Per student: attendance, hours and your tutors' notes over time.",
    content: (
      <div className="space-y-8">
        <FamilyHomework />
        <FamilyProgress />
      </div>
    ),
  },
  {
    path: 'settings',
    title: 'Settings',
    intro: 'Your name, time zone, how we reach you, and your password.',
    content: <Settings />,
  },
  { path: 'profile', title: 'My Profile', intro: 'Your account.', content: <ProfileCard /> },
];

/** The family area inside its frame; the top bar greets the family by its own name. */
function FamilyArea() {
  const overview = useGetOverview();
  return (
    <AreaLayout area="student" greetingName={overview.data?.family.name}>
      <Routes>
        {screenRoutes('student', screens)}
        {/* The wizard's own hero is the page's heading (one h1 per page). */}
        <Route path="book" element={<BookSession />} />
        <Route path="*" element={<Navigate to="/student/dashboard" replace />} />
      </Routes>
    </AreaLayout>
  );
}

/** The student (family) area (spec §2): its own chunk, loaded after the role check. */
export default function StudentArea() {
  return (
    <Routes>
      {/* A printable receipt: the page alone, without the area's frame. */}
      <Route path="receipts/:id" element={<Receipt />} />
      <Route path="*" element={<FamilyArea />} />
    </Routes>
  );
}
