import { FinancialTab } from './components/financial-tab';

/** /admin?tab=financial */
export default FinancialTab;
