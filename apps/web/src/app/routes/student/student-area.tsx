import { Navigate, Route, Routes } from 'react-router';
import { PageHero } from '../../../components/page-hero.tsx';

function StudentDashboard() {
  return <PageHero title="Overview" subtitle="Welcome back" />;
}

/** The student area: its own chunk, loaded after the role check. */
export default function StudentArea() {
  return (
    <Routes>
      <Route path="dashboard" element={<StudentDashboard />} />
      <Route path="*" element={<Navigate to="dashboard" replace />} />
    </Routes>
  );
}
