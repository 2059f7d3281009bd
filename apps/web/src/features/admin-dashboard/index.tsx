import { AdminDashboardTab } from './components/admin-dashboard-tab';

/** /admin?tab=dashboard */
export default AdminDashboardTab;
