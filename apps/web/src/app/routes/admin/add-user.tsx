import { can } from '@sorteio/shared';
import { AccessDenied } from '@/components/access-denied';
import { PageTitle } from '@/components/page-title';
import { AddAccountPage } from '@/features/admin-add-user';
import { useAuth } from '@/lib/auth/use-auth';

/** Add a user (spec 001 section 2); the server checks 'users.create' again. */
export default function AddUserPage() {
  const { user } = useAuth();
  if (!can(user?.role, 'users.create'))
    return <AccessDenied message="Você não tem permissão para adicionar usuários." />;
  return (
    <>
      <PageTitle title="Adicionar Usuário" />
      <AddAccountPage kind="user" />
    </>
  );
}
