/** /admin?tab=analytics */
export { AnalyticsTab as default } from './components/analytics-tab';
