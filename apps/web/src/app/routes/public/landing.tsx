import { PageTitle } from '@/components/page-title';
import { useLandingRooms } from '@/features/landing/api/get-open-rooms';
import { LandingContent } from '@/features/landing/components/landing-content';
import { OpenRoomsView } from '@/features/landing/components/open-rooms-view';
import { LegalStanding } from '@/features/landing/components/legal-standing';
import { PlatformStats } from '@/features/landing/components/platform-stats';
import { usePublicConfig } from '@/lib/config/get-public-config';

/**
 * Landing (spec 000 section 2) inside the app, when someone comes back to `/` from another screen
 * or is signed in. A first visit gets the prerendered light page (app/landing-island).
 */
export default function LandingPage() {
  const operator = usePublicConfig().data?.operator;
  const rooms = useLandingRooms().data;
  return (
    <>
      <PageTitle />
      <LandingContent
        stats={<PlatformStats />}
        rooms={<OpenRoomsView rooms={rooms} />}
        legal={<LegalStanding operator={operator} />}
      />
    </>
  );
}
