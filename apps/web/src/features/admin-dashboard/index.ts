/** /admin?tab=dashboard */
export { AdminDashboardTab as default } from './components/admin-dashboard-tab';
