import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { ProfileCard } from '../../../features/auth/components/profile-card.tsx';
import {
  ConversationList,
  TutorSchedule,
  TutorStudents,
} from '../../../features/dashboard/components/area-lists.tsx';
import { TutorOverview } from '../../../features/dashboard/components/tutor-overview.tsx';
import { AreaLayout, AreaScreen } from '../../layouts/area-layout.tsx';

function Screen(props: { title: string; intro: string; children: ReactNode }) {
  return <AreaScreen area="tutor" {...props} />;
}

/** The tutor area (spec §2): its own chunk, loaded after the role check. */
export default function TutorArea() {
  return (
    <AreaLayout area="tutor">
      <Routes>
        <Route
          path="dashboard"
          element={
            <Screen title="Overview" intro="Your next sessions, in Ethiopian time (EAT).">
              <TutorOverview />
            </Screen>
          }
        />
        <Route
          path="students"
          element={
            <Screen
              title="My Students"
              intro="The students whose families booked you, and their next session."
            >
              <TutorStudents />
            </Screen>
          }
        />
        <Route
          path="schedule"
          element={
            <Screen title="Schedule" intro="Your paid sessions for the coming 8 weeks.">
              <TutorSchedule />
            </Screen>
          }
        />
        <Route
          path="messages"
          element={
            <Screen title="Messages" intro="Conversations with your students' families.">
              <ConversationList area="tutor" />
            </Screen>
          }
        />
        <Route
          path="profile"
          element={
            <Screen title="Profile" intro="Your account.">
              <ProfileCard />
            </Screen>
          }
        />
        <Route path="*" element={<Navigate to="/tutor/dashboard" replace />} />
      </Routes>
    </AreaLayout>
  );
}
