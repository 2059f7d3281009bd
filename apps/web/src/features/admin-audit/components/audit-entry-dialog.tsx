import { type AuditEntry, formatDateTime } from '@sorteio/shared';
import type { ReactNode } from 'react';
import { DialogHeading, DialogShell } from '@/components/dialog-shell';
import { actionLabel, roleLabel, targetTypeLabel } from './audit-labels';

/** The snapshot as indented JSON text (React escapes it: never parsed as HTML). */
function prettyJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

function Snapshot({ id, title, value }: { id: string; title: string; value: unknown }) {
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-2">
      <h3 id={id} className="text-sm font-semibold">
        {title}
      </h3>
      {value === null || value === undefined ? (
        <p className="text-sm text-muted-foreground">Nada registrado.</p>
      ) : (
        <pre className="max-h-72 overflow-auto rounded-md border bg-muted p-3 font-mono text-xs whitespace-pre-wrap break-all">
          {prettyJson(value)}
        </pre>
      )}
    </section>
  );
}

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="break-all">{children}</dd>
    </div>
  );
}

/** One audit row in full: who, what, on what, from where, and the state before and after. */
export function AuditEntryDialog({
  entry,
  onClose,
}: {
  entry: AuditEntry | null;
  onClose: () => void;
}) {
  return (
    <DialogShell
      open={entry !== null}
      onOpenChange={(open) => !open && onClose()}
      className="sm:max-w-3xl"
    >
      {entry && (
        <>
          <DialogHeading
            title={actionLabel(entry.action)}
            description={
              <>
                {formatDateTime(entry.createdAt)} · {entry.actorEmail ?? 'Sistema'}
              </>
            }
          />
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <Item term="Membro da equipe">
              {entry.actorEmail ?? 'Sistema'} ({roleLabel(entry.actorRole)})
              {entry.actorId && (
                <code className="block text-xs text-muted-foreground">{entry.actorId}</code>
              )}
            </Item>
            <Item term="Ação">
              {actionLabel(entry.action)} <code className="text-xs">{entry.action}</code>
            </Item>
            <Item term="Alvo">
              {targetTypeLabel(entry.targetType)}
              {entry.targetId && (
                <code className="block text-xs text-muted-foreground">{entry.targetId}</code>
              )}
            </Item>
            <Item term="IP">
              <code className="text-xs">{entry.ip ?? '—'}</code>
            </Item>
          </dl>
          <div className="grid gap-4 md:grid-cols-2">
            <Snapshot id="audit-before" title="Antes" value={entry.before} />
            <Snapshot id="audit-after" title="Depois" value={entry.after} />
          </div>
        </>
      )}
    </DialogShell>
  );
}
