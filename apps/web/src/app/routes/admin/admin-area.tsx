import { Navigate, Route, Routes } from 'react-router';
import { PageHero } from '../../../components/page-hero.tsx';

function AdminDashboard() {
  return <PageHero title="Overview" subtitle="Welcome back" />;
}

/** The admin area: its own chunk, loaded after the role check. */
export default function AdminArea() {
  return (
    <Routes>
      <Route path="dashboard" element={<AdminDashboard />} />
      <Route path="*" element={<Navigate to="dashboard" replace />} />
    </Routes>
  );
}
