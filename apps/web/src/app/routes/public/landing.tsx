import { PageTitle } from '@/components/page-title';
import { LandingContent } from '@/features/landing/components/landing-content';
import { PlatformStats } from '@/features/landing/components/platform-stats';

/**
 * Landing (spec 000 section 2) inside the app, when someone comes back to `/` from another screen
 * or is signed in. A first visit gets the prerendered light page (app/landing-island).
 */
export default function LandingPage() {
  return (
    <>
      <PageTitle />
      <LandingContent stats={<PlatformStats />} />
    </>
  );
}
