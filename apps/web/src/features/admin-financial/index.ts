/** /admin?tab=financial */
export { FinancialTab as default } from './components/financial-tab';
