import { startTransition, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { loadLandingData } from '@/app/landing-island/landing-data';
import { LandingIsland, type StartApp } from '@/app/landing-island/landing-island';
import { registerServiceWorker } from '@/lib/pwa/register-service-worker';
import './index.css';

// `/` arrives prerendered (landing.html): React takes over the markup in place.
const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in landing.html');

// The figures, the operator and the maintenance flag are asked for before React starts.
const requests = loadLandingData();

const startApp: StartApp = ({ data, navigateTo }) => {
  import('@/app/start-app').then(
    (app) => app.startApp(root, { data, ...(navigateTo ? { navigateTo } : {}) }),
    // The app's code could not be fetched (offline, a new deployment): a page load still works.
    () => {
      if (navigateTo) window.location.assign(navigateTo);
    },
  );
};

let root!: Root;
// Hydration as a transition: React does it in slices of a few milliseconds and yields between
// them, instead of one long task that would hold up a tap on the (already usable) markup.
startTransition(() => {
  root = hydrateRoot(
    container,
    <StrictMode>
      <LandingIsland startApp={startApp} requests={requests} />
    </StrictMode>,
  );
});

registerServiceWorker();
