import { createRoot } from 'react-dom/client';
import { startApp } from '@/app/start-app';
import { registerServiceWorker } from '@/lib/pwa/register-service-worker';
import './index.css';

// Every page but the landing arrives with an empty #root (the landing has landing-main.tsx).
const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

startApp(createRoot(container));

registerServiceWorker();
