/** /admin?tab=users. The 'Adicionar Usuário' dialog is composed in by src/app. */
export { UsersTab as default } from './components/users-tab';
