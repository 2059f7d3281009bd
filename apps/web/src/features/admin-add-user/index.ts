export { AddAccountForm, type AccountKind } from './components/add-account-form';
export { AddAccountPage } from './components/add-account-page';
export { AddUserDialog } from './components/add-user-dialog';
