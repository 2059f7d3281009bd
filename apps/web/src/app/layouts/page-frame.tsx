/**
 * Parts of the page frame shared by the app's layout and the prerendered landing page, which
 * draws the same frame without the router.
 */

export const MAIN_ID = 'conteudo';

/**
 * The main region is at least a screen tall, so the footer starts below the fold: a screen whose
 * code or data is still loading does not show the footer and then push it down (layout shift).
 */
export const MAIN_CLASS = 'flex min-h-dvh flex-1 flex-col outline-none';

export function focusMain() {
  document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
}

export function SkipLink() {
  return (
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
  );
}

/** The thin bar at the top while the next screen's code loads. */
export function ProgressBar() {
  return (
    <div
      aria-hidden="true"
      className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-primary/20"
    >
      <div className="h-full w-2/5 animate-progress bg-primary" />
    </div>
  );
}
