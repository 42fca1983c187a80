import { Navigate, Route, Routes } from 'react-router';
import { PageHero } from '../../../components/page-hero.tsx';

function TutorDashboard() {
  return <PageHero title="Overview" subtitle="Welcome back" />;
}

/** The tutor area: its own chunk, loaded after the role check. */
export default function TutorArea() {
  return (
    <Routes>
      <Route path="dashboard" element={<TutorDashboard />} />
      <Route path="*" element={<Navigate to="dashboard" replace />} />
    </Routes>
  );
}
