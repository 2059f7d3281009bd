import { ServiceMaintenanceNotice } from '@/components/service-maintenance-notice';
import { PageTitle } from '@/components/page-title';
import { DRAWS_TITLE, DrawsScreen } from '@/features/draws/components/draws-screen';

/** Public list of finished draws with their proofs (DESIGN.md section 5). */
export default function DrawsPage() {
  return (
    <>
      <PageTitle title={DRAWS_TITLE} />
      <ServiceMaintenanceNotice services={['draws']} />
      <DrawsScreen />
    </>
  );
}
