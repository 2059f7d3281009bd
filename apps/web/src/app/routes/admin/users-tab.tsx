import { AddUserDialog } from '@/features/admin-add-user';
import UsersTab from '@/features/admin-users';

/** /admin?tab=users with the 'Adicionar Usuário' dialog (two features composed here). */
export default function UsersTabWithDialog() {
  return <UsersTab addUserAction={<AddUserDialog />} />;
}
