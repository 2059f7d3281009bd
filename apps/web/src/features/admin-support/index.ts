/** /admin?tab=support */
export { default } from './components/admin-support-tab';
