import { UsersTab } from './components/users-tab';

/** /admin?tab=users. The 'Adicionar Usuário' dialog is composed in by src/app. */
export default UsersTab;
