import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { LandingIsland } from '@/app/landing-island/landing-island';

/**
 * The landing page's markup, rendered at build time into landing.html's #root (vite.config.ts):
 * the same tree landing-main.tsx hydrates, in its first state (signed out, figures loading).
 */
export function renderLanding(): string {
  return renderToString(
    <StrictMode>
      <LandingIsland startApp={() => {}} />
    </StrictMode>,
  );
}
