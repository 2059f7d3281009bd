/** /admin?tab=audit */
export { AuditTab as default } from './components/audit-tab';
