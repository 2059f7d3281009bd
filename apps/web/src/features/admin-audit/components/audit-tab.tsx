import { type AuditEntry } from '@sorteio/shared';
import { type FormEvent, useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table';
import { FormField } from '@/components/form-field';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { type AuditFilters, useAuditLog } from '../api/get-audit-log';
import { auditColumns } from './audit-columns';
import { AuditEntryDialog } from './audit-entry-dialog';
import { actionGroups, actionLabel, actionsOf, targetTypeLabels } from './audit-labels';
import { countOf } from '@/lib/plural';

const AUDIT_PAGE_SIZE = 50;

const noFilters: Required<AuditFilters> = { actor: '', action: '', target: '', from: '', to: '' };

/** 'Membro da equipe', 'Ação', 'Alvo', 'De' and 'Até'; applied with 'Filtrar'. */
function AuditFilterForm({
  onApply,
  busy,
}: {
  onApply: (filters: AuditFilters) => void;
  busy: boolean;
}) {
  const [draft, setDraft] = useState(noFilters);
  const [dateError, setDateError] = useState<string | undefined>();
  const set = (key: keyof AuditFilters) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // yyyy-mm-dd strings compare like the dates they are.
    if (draft.from && draft.to && draft.from > draft.to) {
      setDateError('A data final deve ser igual ou posterior à inicial.');
      return;
    }
    setDateError(undefined);
    onApply(draft);
  };
  const clear = () => {
    setDraft(noFilters);
    setDateError(undefined);
    onApply(noFilters);
  };

  return (
    <form
      role="search"
      aria-label="Filtrar auditoria"
      noValidate
      onSubmit={submit}
      className="grid gap-4 rounded-lg border p-4 sm:grid-cols-2 lg:grid-cols-[repeat(3,minmax(0,1fr))_auto_auto]"
    >
      <FormField id="audit-actor" label="Membro da equipe">
        {(describedBy) => (
          <Input
            id="audit-actor"
            type="search"
            placeholder="E-mail ou ID"
            maxLength={254}
            value={draft.actor}
            onChange={set('actor')}
            aria-describedby={describedBy}
          />
        )}
      </FormField>
      <FormField id="audit-action" label="Ação">
        {(describedBy) => (
          <NativeSelect
            id="audit-action"
            value={draft.action}
            onChange={set('action')}
            aria-describedby={describedBy}
          >
            <option value="">Todas as ações</option>
            {actionGroups.map((group) => {
              const actions = actionsOf(group.prefix);
              return (
                <optgroup key={group.prefix} label={group.label}>
                  {actions.length > 1 && (
                    <option value={group.prefix}>{`${group.label}: todas`}</option>
                  )}
                  {actions.map((code) => (
                    <option key={code} value={code}>
                      {actionLabel(code)}
                    </option>
                  ))}
                </optgroup>
              );
            })}
          </NativeSelect>
        )}
      </FormField>
      <FormField id="audit-target" label="Alvo" hint="Tipo (ex.: room, user) ou ID exato.">
        {(describedBy) => (
          <>
            <Input
              id="audit-target"
              type="search"
              list="audit-target-types"
              maxLength={64}
              value={draft.target}
              onChange={set('target')}
              aria-describedby={describedBy}
            />
            <datalist id="audit-target-types">
              {Object.entries(targetTypeLabels).map(([code, label]) => (
                <option key={code} value={code} label={label} />
              ))}
            </datalist>
          </>
        )}
      </FormField>
      <FormField id="audit-from" label="De">
        {(describedBy) => (
          <Input
            id="audit-from"
            type="date"
            value={draft.from}
            max={draft.to || undefined}
            onChange={set('from')}
            aria-describedby={describedBy}
          />
        )}
      </FormField>
      <FormField id="audit-to" label="Até" error={dateError}>
        {(describedBy) => (
          <Input
            id="audit-to"
            type="date"
            value={draft.to}
            min={draft.from || undefined}
            onChange={set('to')}
            aria-invalid={dateError ? true : undefined}
            aria-describedby={describedBy}
          />
        )}
      </FormField>
      <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-full lg:justify-end">
        <Button type="button" variant="outline" onClick={clear}>
          Limpar
        </Button>
        <Button type="submit" disabled={busy}>
          Filtrar
        </Button>
      </div>
    </form>
  );
}

/** /admin?tab=audit: the append-only log of what the staff changed, newest first. */
export function AuditTab() {
  const [filters, setFilters] = useState<AuditFilters>({});
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const list = useAuditLog({ ...filters, page });
  const columns = useMemo(() => auditColumns(setOpen), []);

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h2 className="text-2xl font-bold tracking-tight">Auditoria</h2>
        <p className="text-sm text-muted-foreground">
          Cada alteração feita pela equipe, com o estado antes e depois. O registro não pode ser
          alterado nem apagado.
        </p>
      </div>
      <AuditFilterForm
        busy={list.isFetching}
        onApply={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      {list.isPending ? (
        <Spinner label="Carregando auditoria" showLabel />
      ) : list.isError ? (
        <LoadError
          title="Erro ao carregar a auditoria"
          message={list.error.message}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <div className="flex flex-col gap-2" aria-busy={list.isPlaceholderData}>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {countOf(list.data.total, 'registro', 'registros')}
          </p>
          <DataTable
            label="Registro de auditoria"
            columns={columns}
            data={list.data.items}
            getRowId={(r) => r.id}
            empty="Nenhum registro de auditoria."
            paging={{
              page: list.data.page,
              pageSize: list.data.pageSize || AUDIT_PAGE_SIZE,
              total: list.data.total,
              onPageChange: setPage,
            }}
          />
        </div>
      )}
      <AuditEntryDialog entry={open} onClose={() => setOpen(null)} />
    </div>
  );
}
