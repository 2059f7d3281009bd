import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { LandingIsland, type StartApp } from '@/app/landing-island/landing-island';
import './index.css';

// `/` arrives prerendered (landing.html): React takes over the markup in place.
const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in landing.html');

const startApp: StartApp = ({ data, navigateTo }) => {
  import('@/app/start-app').then(
    (app) => app.startApp(root, { data, ...(navigateTo ? { navigateTo } : {}) }),
    // The app's code could not be fetched (offline, a new deployment): a page load still works.
    () => {
      if (navigateTo) window.location.assign(navigateTo);
    },
  );
};

const root: Root = hydrateRoot(
  container,
  <StrictMode>
    <LandingIsland startApp={startApp} />
  </StrictMode>,
);
