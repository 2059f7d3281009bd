import { can } from '@sorteio/shared';
import { AccessDenied } from '@/components/access-denied';
import { PageTitle } from '@/components/page-title';
import { AddAccountPage } from '@/features/admin-add-user';
import { useAuth } from '@/lib/auth/use-auth';

/** Add an employee (spec 001 section 2); only administrators ('staff.manage'). */
export default function AddEmployeePage() {
  const { user } = useAuth();
  if (!can(user?.role, 'staff.manage'))
    return <AccessDenied message="Você não tem permissão para adicionar funcionários." />;
  return (
    <>
      <PageTitle title="Adicionar Funcionário" />
      <AddAccountPage kind="employee" />
    </>
  );
}
