import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { TimeOnSiteReminder } from '@/features/responsible-play/components/time-on-site-reminder';
import { Footer } from './footer';
import { MaintenanceGate } from './maintenance-gate';
import { Navbar } from './navbar';
import { PlayerNotices } from './player-notices';
import { focusMain, MAIN_CLASS, MAIN_ID, ProgressBar, SkipLink } from './page-frame';

/** Shown while the next screen's code loads, so a tap never seems ignored on a slow phone. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <ProgressBar />;
}

export function RootLayout() {
  const { pathname } = useLocation();
  const firstRender = useRef(true);

  useEffect(() => {
    // After a client-side navigation, start screen readers and keyboards at the new content,
    // as a full page load would.
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    focusMain();
  }, [pathname]);

  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <NavigationProgress />
      <TimeOnSiteReminder />
      <Navbar />
      <main id={MAIN_ID} tabIndex={-1} className={MAIN_CLASS}>
        <MaintenanceGate>
          <Outlet />
        </MaintenanceGate>
      </main>
      <Footer />
      <PlayerNotices />
      <ScrollRestoration />
    </div>
  );
}
