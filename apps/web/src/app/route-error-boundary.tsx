import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router';
import { ErrorFallback } from '@/components/error-fallback';
import { NotFoundScreen } from '@/components/not-found-screen';

/**
 * The router's errorElement. A thrown 404 response shows the 404 screen; anything else the error
 * screen. Its retry navigates to the same address again: React Router clears a route's error when
 * the location changes, then renders the screen (and runs its loaders) anew.
 */
export function RouteErrorBoundary({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();

  const retry = () => {
    const { pathname, search, hash } = location;
    void navigate({ pathname, search, hash }, { replace: true, state: location.state as unknown });
  };

  const screen =
    isRouteErrorResponse(error) && error.status === 404 ? (
      <NotFoundScreen />
    ) : (
      <ErrorFallback
        error={
          isRouteErrorResponse(error)
            ? new Error(`${String(error.status)} ${error.statusText}`)
            : error
        }
        onRetry={retry}
      />
    );
  // Outside the layout (the layout itself failed) the screen brings its own landmark.
  return standalone ? <main className="min-h-dvh">{screen}</main> : screen;
}
