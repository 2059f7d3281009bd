import { PageTitle } from '@/components/page-title';
import { StaffSessionsPage } from '@/features/admin-staff-sessions';

/** Live staff sessions, for administrators ('staff.manage'; the route's guard checks it). */
export default function StaffSessionsRoute() {
  return (
    <>
      <PageTitle title="Sessões da equipe" />
      <StaffSessionsPage />
    </>
  );
}
