import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { CalendarFeedCard } from '../../../features/calendar-feed/components/calendar-feed-card.tsx';
import { MessagesScreen } from '../../../features/messages/components/messages-screen.tsx';
import { StudentsList } from '../../../features/tutor-week/components/students-list.tsx';
import { TutorWeekOverview } from '../../../features/tutor-week/components/tutor-overview.tsx';
import { WeekCalendar } from '../../../features/tutor-week/components/week-calendar.tsx';
import { AreaLayout, AreaScreen } from '../../layouts/area-layout.tsx';
import { AvailabilitySection, TutorProfilePage } from './profile-page.tsx';

function Screen(props: { title: string; intro: string; children: ReactNode }) {
  return <AreaScreen area="tutor" {...props} />;
}

/** The tutor area (spec §2, issue 14): its own chunk, loaded after the role check. */
export default function TutorArea() {
  return (
    <AreaLayout area="tutor">
      <Routes>
        <Route
          path="dashboard"
          element={
            <Screen
              title="Overview"
              intro="Your next session and its online room, sessions to mark, this month, and this week."
            >
              <TutorWeekOverview />
            </Screen>
          }
        />
        <Route
          path="students"
          element={
            <Screen
              title="My Students"
              intro="Each student with the guardian's contact, sessions held and to come; mark attendance with a note the family reads."
            >
              <StudentsList />
            </Screen>
          }
        />
        <Route
          path="schedule"
          element={
            <Screen
              title="Schedule"
              intro="Your week of sessions, your weekly availability and time off, and a calendar subscription."
            >
              <div className="space-y-8">
                <WeekCalendar />
                <AvailabilitySection />
                <CalendarFeedCard area="tutor" />
              </div>
            </Screen>
          }
        />
        <Route
          path="messages"
          element={
            <Screen title="Messages" intro="Conversations with your students' families.">
              <MessagesScreen area="tutor" />
            </Screen>
          }
        />
        <Route
          path="profile"
          element={
            <Screen
              title="Profile"
              intro="Your public profile as families see it, your photo, and your account."
            >
              <TutorProfilePage />
            </Screen>
          }
        />
        <Route path="*" element={<Navigate to="/tutor/dashboard" replace />} />
      </Routes>
    </AreaLayout>
  );
}
