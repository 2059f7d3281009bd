import { PageTitle } from '@/components/page-title';
import { LandingContent } from '@/features/landing/components/landing-content';
import { LegalStanding } from '@/features/landing/components/legal-standing';
import { PlatformStats } from '@/features/landing/components/platform-stats';
import { usePublicConfig } from '@/lib/config/get-public-config';

/**
 * Landing (spec 000 section 2) inside the app, when someone comes back to `/` from another screen
 * or is signed in. A first visit gets the prerendered light page (app/landing-island).
 */
export default function LandingPage() {
  const operator = usePublicConfig().data?.operator;
  return (
    <>
      <PageTitle />
      <LandingContent stats={<PlatformStats />} legal={<LegalStanding operator={operator} />} />
    </>
  );
}
