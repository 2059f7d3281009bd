import type { PlatformStats } from '@sorteio/shared';
import { Component, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { LinkComponentsContext } from '@/components/app-link';
import { FooterContent, type Operator } from '@/app/layouts/footer-content';
import { Navbar } from '@/app/layouts/navbar';
import { MAIN_CLASS, MAIN_ID, ProgressBar, SkipLink } from '@/app/layouts/page-frame';
import { AuthContext, type AuthContextValue } from '@/lib/auth/auth-context';
import { LandingContent } from '@/features/landing/components/landing-content';
import { PlatformStatsView } from '@/features/landing/components/platform-stats-view';
import { IslandNavigateContext, islandLinks } from './island-links';
import type { LandingData } from './landing-data';

/**
 * Hands the page over to the full app: with what was already read (so it does not flash
 * skeletons again) and, after a click, the path to open.
 */
export type StartApp = (options: { data: Partial<LandingData>; navigateTo?: string }) => void;

interface IslandState {
  /** Until the session is known the buttons are placeholders, as in the app. */
  sessionKnown: boolean;
  stats: PlatformStats | undefined;
  statsFailed: boolean;
  operator: Operator | undefined;
  /** A link was clicked and the app's code is on its way. */
  navigating: boolean;
}

const initialState: IslandState = {
  sessionKnown: false,
  stats: undefined,
  statsFailed: false,
  operator: undefined,
  navigating: false,
};

const noop = async () => {};

/**
 * The landing page (`/`) as prerendered at build time and hydrated without the router, the query
 * library or zod. It draws the same frame and sections as the app's layout and route; a signed-in
 * visitor, maintenance mode, a click on an in-app link or a failure here starts the full app.
 */
export function LandingIsland({ startApp }: { startApp: StartApp }) {
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
    const controller = new AbortController();
    const update = (patch: Partial<IslandState>) => {
      if (!controller.signal.aborted) setState((s) => ({ ...s, ...patch }));
    };
    void import('./landing-data')
      .then(({ loadLandingData }) => {
        const requests = loadLandingData(controller.signal);
        requests.me.then(
          (me) => {
            data.current.me = me;
            // The signed-in landing (user menu, "Ir para Dashboard", live updates) is the app's.
            if (me.user) start();
            else update({ sessionKnown: true });
          },
          // A failed lookup counts as signed out, as in the app (the server decides anyway).
          () => update({ sessionKnown: true }),
        );
        requests.settings.then(
          (settings) => {
            data.current.settings = settings;
            // The app shows the maintenance page (and lets staff through).
            if (settings.maintenanceMode) start();
          },
          () => {},
        );
        requests.config.then(
          (config) => {
            data.current.config = config;
            update({ operator: config.operator });
          },
          () => {},
        );
        requests.stats.then(
          (stats) => {
            data.current.stats = stats;
            update({ stats });
          },
          () => update({ statsFailed: true }),
        );
      })
      .catch(() => update({ sessionKnown: true, statsFailed: true }));
    return () => controller.abort();
  }, [start]);

  const auth = useMemo<AuthContextValue>(
    () => ({ user: null, loading: !state.sessionKnown, refresh: noop, signOut: noop }),
    [state.sessionKnown],
  );

  return (
    <StartAppOnError start={start}>
      <IslandNavigateContext value={start}>
        <LinkComponentsContext value={islandLinks}>
          <AuthContext value={auth}>
            <div className="flex min-h-dvh flex-col">
              <SkipLink />
              {state.navigating && <ProgressBar />}
              <Navbar />
              <main id={MAIN_ID} tabIndex={-1} className={MAIN_CLASS}>
                <LandingContent
                  stats={<PlatformStatsView data={state.stats} isError={state.statsFailed} />}
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
