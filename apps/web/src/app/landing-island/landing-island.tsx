import type { PlatformStats } from '@sorteio/shared';
import {
  Component,
  startTransition,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { LinkComponentsContext } from '@/components/app-link';
import { LegalStanding } from '@/features/landing/components/legal-standing';
import { FooterContent, type Operator } from '@/app/layouts/footer-content';
import { Navbar } from '@/app/layouts/navbar';
import { MAIN_CLASS, MAIN_ID, ProgressBar, SkipLink } from '@/app/layouts/page-frame';
import { AuthContext, type AuthContextValue } from '@/lib/auth/auth-context';
import { LandingContent } from '@/features/landing/components/landing-content';
import { PlatformStatsView } from '@/features/landing/components/platform-stats-view';
import { OpenRoomsView, type LandingRoom } from '@/features/landing/components/open-rooms-view';
import { IslandNavigateContext, islandLinks } from './island-links';
import type { LandingData, LandingRequests } from './landing-data';

/**
 * Hands the page over to the full app: with what was already read (so it does not flash
 * skeletons again) and, after a click, the path to open.
 */
export type StartApp = (options: { data: Partial<LandingData>; navigateTo?: string }) => void;

interface IslandState {
  stats: PlatformStats | undefined;
  statsFailed: boolean;
  rooms: LandingRoom[] | undefined;
  operator: Operator | undefined;
  /** A link was clicked and the app's code is on its way. */
  navigating: boolean;
}

const initialState: IslandState = {
  stats: undefined,
  statsFailed: false,
  rooms: undefined,
  operator: undefined,
  navigating: false,
};

const noop = async () => {};

/**
 * The server sends this page only to visitors without a session cookie: they are signed out, so
 * the buttons are the signed-out ones from the first paint (and in the prerendered markup).
 */
const signedOut: AuthContextValue = { user: null, loading: false, refresh: noop, signOut: noop };

/**
 * The landing page (`/`) as prerendered at build time and hydrated without the router, the query
 * library or zod. It draws the same frame and sections as the app's layout and route; maintenance
 * mode, a click on an in-app link or a failure here starts the full app. `requests` are the public
 * reads landing-main.tsx started before hydrating (none in the prerender: placeholders).
 */
export function LandingIsland({
  startApp,
  requests,
}: {
  startApp: StartApp;
  requests?: LandingRequests;
}) {
  const [state, setState] = useState(initialState);
  const data = useRef<Partial<LandingData>>({});
  const started = useRef(false);

  const start = useMemo(
    () => (navigateTo?: string) => {
      if (started.current) return;
      started.current = true;
      if (navigateTo) setState((s) => ({ ...s, navigating: true }));
      startApp({ data: data.current, ...(navigateTo ? { navigateTo } : {}) });
    },
    [startApp],
  );

  useEffect(() => {
    if (!requests) return;
    let active = true;
    // The figures and the operator fill in one low-priority render React may interrupt, so the
    // page stays responsive to a tap while they are drawn.
    const update = (patch: Partial<IslandState>) => {
      if (active) startTransition(() => setState((s) => ({ ...s, ...patch })));
    };
    requests.settings.then(
      (settings) => {
        data.current.settings = settings;
        // The app shows the maintenance page (and lets staff through).
        if (settings.maintenanceMode) start();
      },
      () => {},
    );
    // The rooms come in their own render, after the figures (below the fold on a phone).
    requests.rooms.then(
      (rooms) => {
        data.current.rooms = rooms;
        update({ rooms });
      },
      () => {},
    );
    void Promise.allSettled([requests.config, requests.stats]).then(([config, stats]) => {
      const patch: Partial<IslandState> = {};
      if (config.status === 'fulfilled') {
        data.current.config = config.value;
        patch.operator = config.value.operator;
      }
      if (stats.status === 'fulfilled') {
        data.current.stats = stats.value;
        patch.stats = stats.value;
      } else {
        patch.statsFailed = true;
      }
      update(patch);
    });
    return () => {
      active = false;
    };
  }, [requests, start]);

  return (
    <StartAppOnError start={start}>
      <IslandNavigateContext value={start}>
        <LinkComponentsContext value={islandLinks}>
          <AuthContext value={signedOut}>
            <div className="flex min-h-dvh flex-col">
              <SkipLink />
              {state.navigating && <ProgressBar />}
              <Navbar />
              <main id={MAIN_ID} tabIndex={-1} className={MAIN_CLASS}>
                <LandingContent
                  stats={<PlatformStatsView data={state.stats} isError={state.statsFailed} />}
                  rooms={<OpenRoomsView rooms={state.rooms} />}
                  legal={<LegalStanding operator={state.operator} />}
                />
              </main>
              <FooterContent operator={state.operator} />
            </div>
          </AuthContext>
        </LinkComponentsContext>
      </IslandNavigateContext>
    </StartAppOnError>
  );
}

/** Should the light page fail, the app takes over (with its own error screen). */
class StartAppOnError extends Component<{ start: () => void; children: ReactNode }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
    this.props.start();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
