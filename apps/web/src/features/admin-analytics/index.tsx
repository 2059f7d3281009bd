import { AnalyticsTab } from './components/analytics-tab';

/** /admin?tab=analytics */
export default AnalyticsTab;
