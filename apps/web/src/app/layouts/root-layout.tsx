import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { TimeOnSiteReminder } from '@/features/responsible-play/components/time-on-site-reminder';
import { Footer } from './footer';
import { MaintenanceGate } from './maintenance-gate';
import { Navbar } from './navbar';

const MAIN_ID = 'conteudo';

function focusMain() {
  document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
}

/** Shown while the next screen's code loads, so a tap never seems ignored on a slow phone. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      aria-hidden="true"
      className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-primary/20"
    >
      <div className="h-full w-2/5 animate-progress bg-primary" />
    </div>
  );
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
      <a
        href={`#${MAIN_ID}`}
        onClick={(event) => {
          event.preventDefault();
          focusMain();
          document.getElementById(MAIN_ID)?.scrollIntoView();
        }}
        className="sr-only rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60] focus:outline-none focus:ring-2 focus:ring-ring focus:ring-offset-2"
      >
        Pular para o conteúdo
      </a>
      <NavigationProgress />
      <TimeOnSiteReminder />
      <Navbar />
      <main id={MAIN_ID} tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <MaintenanceGate>
          <Outlet />
        </MaintenanceGate>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
