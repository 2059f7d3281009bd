import { AuditTab } from './components/audit-tab';

/** /admin?tab=audit */
export default AuditTab;
