import {
  adminMessages,
  ADMIN_USERS_PAGE_SIZE,
  can,
  canSearchBy,
  type AdminUserRow,
  type SearchableField,
} from '@sorteio/shared';
import { Search } from 'lucide-react';
import { type ReactNode, useDeferredValue, useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table';
import { LoadError } from '@/components/load-error';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth/use-auth';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useAdminUsers } from '../api/get-admin-users';
import { useSetUserStatus } from '../api/set-user-status';
import { useSetUserVerified } from '../api/set-user-verified';
import { ReviewQueue } from './review-queue';
import { UserDetailSheet } from './user-detail-sheet';
import { type UserAction, userColumns } from './users-columns';

const searchLabels: Record<SearchableField, string> = {
  nomeCompleto: 'nome',
  chavePix: 'chave PIX',
  email: 'e-mail',
  cpf: 'CPF',
};
/** "Buscar por nome, chave PIX, e-mail ou CPF": only the fields the role may search by. */
export function searchPlaceholder(fields: SearchableField[]): string {
  const labels = fields.map((f) => searchLabels[f]);
  const last = labels.pop();
  return `Buscar por ${labels.length ? `${labels.join(', ')} ou ${last}` : last}`;
}

/** Spec 001 "Admin users tab": search, the table, row actions, the drawer and the review queue. */
export function UsersTab({ addUserAction }: { addUserAction?: ReactNode }) {
  const { user, loading } = useAuth();
  const role = user?.role;
  const { notify } = useNotifications();
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const [page, setPage] = useState(1);
  const [openUserId, setOpenUserId] = useState<string | null>(null);
  const list = useAdminUsers({ q: q || undefined, page });
  // `mutate` is stable; the columns must be too, or every render remounts the cells (and menus).
  const { mutate: setStatus } = useSetUserStatus();
  const { mutate: setVerified } = useSetUserVerified();

  const columns = useMemo(() => {
    const done = {
      onSuccess: () =>
        notify({
          type: 'success',
          title: adminMessages.actionDone,
          message: adminMessages.actionDoneDetail,
        }),
      onError: (e: Error) => notify({ type: 'error', title: 'Erro', message: e.message }),
    };
    const onAction = (row: AdminUserRow, action: UserAction) => {
      if (action === 'details') setOpenUserId(row.id);
      else if (action === 'ativar' || action === 'suspender')
        setStatus(
          { userId: row.id, statusConta: action === 'ativar' ? 'ativo' : 'suspenso' },
          done,
        );
      else setVerified({ userId: row.id, verified: action === 'verificar' }, done);
    };
    return userColumns({
      viewer: user ? { id: user.id, role: user.role, isOwner: false } : null,
      onAction,
    });
  }, [user, notify, setStatus, setVerified]);
  const searchFields = (['nomeCompleto', 'chavePix', 'email', 'cpf'] as const).filter((f) =>
    canSearchBy(role, f),
  );

  // The shell only renders a tab for a known staff member; the role decides the actions.
  if (loading) return <Spinner label="Carregando usuários" showLabel />;

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="users-title" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="users-title" className="text-lg font-semibold">
            Gerenciar Usuários
          </h2>
          {can(role, 'users.create') && addUserAction}
        </div>
        <div className="relative max-w-md">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label="Buscar usuários"
            placeholder={searchPlaceholder(searchFields)}
            value={search}
            maxLength={100}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
            className="pl-9"
          />
        </div>
        {list.isPending ? (
          <Spinner label="Carregando usuários" showLabel />
        ) : list.isError ? (
          <LoadError
            title="Erro ao carregar usuários"
            message={list.error.message}
            onRetry={() => void list.refetch()}
          />
        ) : (
          <DataTable
            label="Usuários"
            columns={columns}
            data={list.data.items}
            getRowId={(r) => r.id}
            empty="Nenhum usuário encontrado."
            paging={{
              page: list.data.page,
              pageSize: list.data.pageSize || ADMIN_USERS_PAGE_SIZE,
              total: list.data.total,
              onPageChange: setPage,
            }}
          />
        )}
      </section>
      {can(role, 'identity.review') && <ReviewQueue onOpen={setOpenUserId} />}
      <UserDetailSheet userId={openUserId} onClose={() => setOpenUserId(null)} />
    </div>
  );
}
