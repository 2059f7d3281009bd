import {
  type AdminResponsiblePlay,
  type Attestation,
  attestationDocumentLabels,
  fieldView,
  formatBRL,
  formatDateTime,
  limitKindLabels,
  limitPeriodLabels,
  type PersonalField,
  type Role,
  roleLabels,
  roomTypeLabel,
  securityActionLabel,
} from '@sorteio/shared';
import { EyeOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { LoadError } from '@/components/load-error';
import { LuckyNumber } from '@/components/lucky-number';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth/use-auth';
import { useAdminUserDetail } from '../api/get-admin-user-detail';
import { IdentityReview } from './identity-review';
import { SetPasswordLinkNotice } from './set-password-link-notice';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children ?? '—'}</dd>
    </div>
  );
}

/**
 * A personal field as the server sent it for the viewer's role (masked, or "•••" when hidden:
 * packages/shared/src/staff-access.ts), marked as such so nobody takes the mask for the value.
 */
function PersonalValue({
  role,
  field,
  value,
}: {
  role: Role | undefined;
  field: PersonalField;
  value: string | null;
}) {
  if (value === null || value === '') return <>—</>;
  const view = fieldView(role, field);
  if (view === 'full') return <>{value}</>;
  const note =
    view === 'masked' ? 'Parcialmente oculto para o seu cargo' : 'Oculto para o seu cargo';
  return (
    <span className="inline-flex items-center gap-1" title={note}>
      <span>{value}</span>
      <EyeOff aria-hidden="true" className="size-3 text-muted-foreground" />
      <span className="sr-only">({note})</span>
    </span>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2 border-t pt-4">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

/** Self-exclusion and the limits the player set (responsible play), as the player set them. */
function ResponsiblePlaySection({ data }: { data: AdminResponsiblePlay }) {
  const ex = data.selfExclusion;
  const limits = data.limits.filter((l) => l.amountCentavos !== null || l.pending);
  return (
    <Section title="Jogo Responsável">
      <p className={ex ? 'text-sm font-medium text-destructive' : 'text-sm'}>
        {ex
          ? `Autoexcluído desde ${formatDateTime(ex.since)} · ${
              ex.forever || !ex.until
                ? 'por tempo indeterminado'
                : `até ${formatDateTime(ex.until)}`
            }`
          : 'Sem autoexclusão.'}
      </p>
      {limits.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhum limite definido.</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm">
          {limits.map((l) => (
            <li key={`${l.kind}-${l.period}`}>
              {limitKindLabels[l.kind]} · {limitPeriodLabels[l.period]}:{' '}
              {l.amountCentavos === null ? 'sem limite' : formatBRL(l.amountCentavos)}
              {l.pending
                ? ` (passa a ${
                    l.pending.amountCentavos === null
                      ? 'sem limite'
                      : formatBRL(l.pending.amountCentavos)
                  } em ${formatDateTime(l.pending.effectiveAt)})`
                : ''}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** A staff attestation of the identity: who, when, what was seen and the note. */
function AttestationNote({ attestation }: { attestation: Attestation }) {
  const role = roleLabels[attestation.attestedByRole as keyof typeof roleLabels] as
    string | undefined;
  return (
    <div className="rounded-md border bg-muted/40 p-3 text-sm" aria-label="Atestado de identidade">
      <p>
        Identidade atestada por {attestation.attestedByName ?? 'conta removida'}
        {role ? ` (${role})` : ''} em {formatDateTime(attestation.attestedAt)}.
      </p>
      <p>Conferido: {attestation.documents.map((d) => attestationDocumentLabels[d]).join(', ')}.</p>
      {attestation.note ? <p>Observação: {attestation.note}</p> : null}
    </div>
  );
}

/** The user drawer: profile, balance, participations, security log and verification. */
export function UserDetailSheet({
  userId,
  onClose,
}: {
  userId: string | null;
  onClose: () => void;
}) {
  const detail = useAdminUserDetail(userId);
  const role = useAuth().user?.role;
  const d = detail.data;
  return (
    <Sheet open={userId !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent className="w-full overflow-y-auto sm:max-w-xl">
        <SheetHeader>
          <SheetTitle>{d?.user.nomeCompleto ?? d?.user.email ?? 'Usuário'}</SheetTitle>
          <SheetDescription>{d ? d.user.email : 'Carregando usuário'}</SheetDescription>
        </SheetHeader>
        <div className="flex flex-col gap-4 px-4 pb-6">
          {detail.isPending && <Spinner />}
          {detail.isError && (
            <LoadError
              title="Erro ao carregar usuário"
              message={detail.error.message}
              onRetry={() => void detail.refetch()}
            />
          )}
          {d && (
            <>
              {d.user.awaitingPassword ? (
                <SetPasswordLinkNotice userId={d.user.id} email={d.user.email} />
              ) : null}
              <dl className="grid grid-cols-2 gap-3">
                <Field label="Tipo">{roleLabels[d.user.role]}</Field>
                <Field label="Status">{d.user.statusConta}</Field>
                <Field label="CPF">
                  <PersonalValue role={role} field="cpf" value={d.user.cpf} />
                </Field>
                <Field label="Telefone">
                  <PersonalValue role={role} field="telefone" value={d.user.telefone} />
                </Field>
                <Field label="Chave PIX">
                  <PersonalValue role={role} field="chavePix" value={d.user.chavePix} />
                </Field>
                <Field label="Nascimento">
                  <PersonalValue role={role} field="dataNascimento" value={d.user.dataNascimento} />
                </Field>
                <Field label="Endereço">
                  <PersonalValue
                    role={role}
                    field="enderecoCompleto"
                    value={d.user.enderecoCompleto}
                  />
                </Field>
                <Field label="E-mail confirmado">{d.user.emailVerified ? 'Sim' : 'Não'}</Field>
                <Field label="2FA">{d.user.twoFactorEnabled ? 'Ativo' : 'Inativo'}</Field>
                <Field label="Cadastro">{formatDateTime(d.user.createdAt)}</Field>
                <Field label="Última atividade">
                  {d.user.lastActivity ? formatDateTime(d.user.lastActivity) : null}
                </Field>
              </dl>
              <Section title="Saldo">
                <dl className="grid grid-cols-2 gap-3">
                  <Field label="Saldo">{formatBRL(d.wallet.saldo)}</Field>
                  <Field label="Cashback">{formatBRL(d.wallet.cashback)}</Field>
                </dl>
              </Section>
              {d.responsiblePlay ? <ResponsiblePlaySection data={d.responsiblePlay} /> : null}
              <Section title="Verificação">
                {d.attestation ? <AttestationNote attestation={d.attestation} /> : null}
                {d.verification ? (
                  <IdentityReview userId={d.user.id} verification={d.verification} />
                ) : d.attestation ? null : (
                  <p className="text-sm text-muted-foreground">Nenhum documento enviado.</p>
                )}
              </Section>
              <Section title={`Participações (${d.participations.length})`}>
                {d.participations.length === 0 ? (
                  <p className="text-sm text-muted-foreground">Nenhuma participação.</p>
                ) : (
                  <ul className="flex flex-col gap-1 text-sm">
                    {d.participations.map((p) => (
                      <li key={p.id} className="flex justify-between gap-2">
                        <span>
                          {roomTypeLabel(p.tipoSala)} · nº <LuckyNumber value={p.numeroSorte} /> ·{' '}
                          {p.statusPagamento}
                          {p.ehVencedor ? ' · vencedor' : ''}
                        </span>
                        <span className="tabular-nums">{formatBRL(p.valorPago)}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </Section>
              <Section title="Registro de segurança">
                {d.securityLogs.length === 0 ? (
                  <p className="text-sm text-muted-foreground">Nenhum evento.</p>
                ) : (
                  <ul className="flex flex-col gap-1 text-sm">
                    {d.securityLogs.map((l) => (
                      <li key={l.id} className={l.isSuspicious ? 'text-destructive' : undefined}>
                        {formatDateTime(l.timestamp)} · {securityActionLabel(l.actionType)}
                        {l.ipAddress ? ` · ${l.ipAddress}` : ''}
                        {l.city ? ` · ${l.city}` : ''}
                        {l.suspiciousReason ? ` · ${l.suspiciousReason}` : ''}
                      </li>
                    ))}
                  </ul>
                )}
              </Section>
            </>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
