import type { ReactNode } from 'react';
import { Link, Navigate, Route, Routes } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { ProfileCard } from '../../../features/auth/components/profile-card.tsx';
import { StudentProgress, StudentTutors } from '../../../features/dashboard/components/area-lists.tsx';
import { MessagesScreen } from '../../../features/messages/components/messages-screen.tsx';
import { StudentOverview } from '../../../features/dashboard/components/student-overview.tsx';
import { AreaLayout, AreaScreen } from '../../layouts/area-layout.tsx';

function Screen(props: { title: string; intro: string; children: ReactNode }) {
  return <AreaScreen area="student" {...props} />;
}

/** The student (family) area (spec §2): its own chunk, loaded after the role check. */
export default function StudentArea() {
  return (
    <AreaLayout area="student">
      <Routes>
        <Route
          path="dashboard"
          element={
            <Screen
              title="Overview"
              intro="Your upcoming sessions, in Ethiopian time (EAT) and your own time."
            >
              <StudentOverview />
            </Screen>
          }
        />
        <Route
          path="book"
          element={
            <Screen title="Book Session" intro="Book weekly sessions with a tutor you choose, or by subject.">
              <div className="flex flex-wrap gap-3">
                <Link to="/tutors" className={buttonStyles.primary}>
                  Choose a tutor
                </Link>
                <Link to="/booking/form" className={buttonStyles.secondary}>
                  Book by subject
                </Link>
              </div>
            </Screen>
          }
        />
        <Route
          path="tutors"
          element={
            <Screen title="My Tutors" intro="The tutors you have booked.">
              <StudentTutors />
            </Screen>
          }
        />
        <Route
          path="messages"
          element={
            <Screen title="Messages" intro="Conversations with your tutors.">
              <MessagesScreen area="student" />
            </Screen>
          }
        />
        <Route
          path="progress"
          element={
            <Screen title="Progress" intro="Sessions done and ahead, and your tutors' notes.">
              <StudentProgress />
            </Screen>
          }
        />
        <Route
          path="profile"
          element={
            <Screen title="My Profile" intro="Your account.">
              <ProfileCard />
            </Screen>
          }
        />
        <Route path="*" element={<Navigate to="/student/dashboard" replace />} />
      </Routes>
    </AreaLayout>
  );
}
