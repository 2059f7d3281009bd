export { StaffSessionsPage } from './components/staff-sessions-page';
