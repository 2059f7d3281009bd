import { useParams } from 'react-router';
import { ServiceMaintenanceNotice } from '@/components/service-maintenance-notice';
import { PageTitle } from '@/components/page-title';
import {
  DRAW_VERIFICATION_TITLE,
  DrawVerificationScreen,
} from '@/features/draws/components/draw-verification-screen';

/** One draw, re-verified in the browser with the shared verifier (DESIGN.md section 5). */
export default function DrawPage() {
  const { id = '' } = useParams();
  return (
    <>
      <PageTitle title={DRAW_VERIFICATION_TITLE} />
      <ServiceMaintenanceNotice services={['draws']} />
      {/* Keyed by id: another draw starts from a clean state, never the previous result. */}
      <DrawVerificationScreen key={id} id={id} />
    </>
  );
}
