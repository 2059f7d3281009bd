import { beaconRoundTimeMs, formatDateTime, type DrawProof } from '@sorteio/shared';
import { Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import { LuckyNumber } from '@/components/lucky-number';
import { CopyButton } from '@/components/copy-button';
import { cn } from '@/lib/utils';
import { countOf } from '@/lib/plural';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 border-b py-3 last:border-b-0">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm">{children}</dd>
    </div>
  );
}

/** A long hex value: wraps anywhere on small screens, with its copy button. */
function HexValue({ value, label }: { value: string; label: string }) {
  return (
    <span className="flex items-start gap-2">
      <code className="min-w-0 flex-1 rounded bg-muted px-1.5 py-1 font-mono text-xs break-all">
        {value}
      </code>
      <CopyButton
        value={value}
        label={`Copiar ${label.toLowerCase()}`}
        copiedMessage={label}
        showCopied
        className="size-8 shrink-0"
      />
    </span>
  );
}

function DateValue({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDateTime(iso) || iso}</time>;
}

/** Every field of GET /api/draws/:id/proof, as published (DESIGN.md section 5, step 7). */
export function ProofFields({ proof }: { proof: DrawProof }) {
  return (
    <dl className="flex flex-col">
      <Field label="Sala (room_id)">
        <HexValue value={proof.room_id} label="Código da sala" />
      </Field>
      <Field label="Compromisso (commitment)">
        <HexValue value={proof.commitment} label="Compromisso" />
      </Field>
      <Field label="Compromisso publicado em">
        <DateValue iso={proof.commitment_published_at} />
      </Field>
      <Field label="Semente revelada (seed)">
        <HexValue value={proof.seed} label="Semente" />
      </Field>
      {proof.version === 'v2' && (
        <Field label="Lista de participantes congelada em (entrants_frozen_at)">
          <DateValue iso={proof.entrants_frozen_at} />
        </Field>
      )}
      <Field label="Beacon público">
        {proof.beacon === '' ? (
          <span className="text-muted-foreground">Sem beacon público</span>
        ) : (
          <span className="flex flex-col gap-1">
            <HexValue value={proof.beacon} label="Beacon" />
            {proof.beacon_round !== null && (
              <span className="text-xs text-muted-foreground">
                Rodada drand {proof.beacon_round}
                {proof.version === 'v2' && (
                  <>
                    {', publicada em '}
                    <DateValue
                      iso={new Date(
                        beaconRoundTimeMs(proof.beacon_chain, proof.beacon_round),
                      ).toISOString()}
                    />
                  </>
                )}
              </span>
            )}
          </span>
        )}
      </Field>
      {proof.version === 'v2' && (
        <>
          <Field label="Assinatura da rodada (beacon_signature)">
            <HexValue value={proof.beacon_signature} label="Assinatura da rodada" />
          </Field>
          <Field label="Rede drand (beacon_chain)">
            <span className="flex flex-col gap-2">
              <span className="text-xs text-muted-foreground">
                Código da rede (chain hash); confira que é uma rede pública do drand
              </span>
              <HexValue value={proof.beacon_chain.hash} label="Código da rede" />
              <span className="text-xs text-muted-foreground">
                Chave pública da rede ({proof.beacon_chain.scheme}, uma rodada a cada{' '}
                {proof.beacon_chain.period} s)
              </span>
              <HexValue value={proof.beacon_chain.public_key} label="Chave pública da rede" />
            </span>
          </Field>
        </>
      )}
      <Field label="Resumo da lista de participantes (entrants_digest)">
        <HexValue value={proof.entrants_digest} label="Resumo da lista" />
      </Field>
      <Field label="Posição sorteada (winner_index)">
        <span className="font-mono">{proof.winner_index}</span>{' '}
        <span className="text-muted-foreground">(as posições começam em 0)</span>
      </Field>
      <Field label="Número vencedor">
        <LuckyNumber value={proof.winning_number} />
      </Field>
      <Field label="Hash de prova (hash_prova)">
        <HexValue value={proof.hash_prova} label="Hash de prova" />
      </Field>
      <Field label="Sorteado em">
        <DateValue iso={proof.drawn_at} />
      </Field>
      <Field label="Versão do protocolo">
        <span className="font-mono">{proof.version}</span>
      </Field>
    </dl>
  );
}

/** Lists longer than this start folded, so the checks and fields stay in reach on a phone. */
const FOLD_AFTER = 60;

/**
 * The frozen entrant list in its published order, numbered from 0 like winner_index. The entry
 * at winner_index is marked with an icon and a word, not colour alone.
 */
export function EntrantsList({ proof }: { proof: DrawProof }) {
  const list = (
    <ol
      start={0}
      aria-label="Participantes"
      className="grid grid-cols-1 gap-1.5 min-[420px]:grid-cols-2 sm:grid-cols-3"
    >
      {proof.entrants.map((entrant, index) => {
        const isWinner = index === proof.winner_index;
        return (
          <li
            key={`${index}-${entrant}`}
            className={cn(
              'flex items-center gap-2 rounded-md border px-2.5 py-1.5 text-sm',
              isWinner && 'border-success bg-success/10 font-semibold',
            )}
          >
            <span className="w-9 shrink-0 text-right text-xs text-muted-foreground tabular-nums">
              {index}
            </span>
            <LuckyNumber value={entrant} className="min-w-0 flex-1 font-normal" />
            {isWinner && (
              <span className="flex items-center gap-1 text-xs text-success">
                <Trophy aria-hidden="true" className="size-3.5" />
                vencedor
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );

  if (proof.entrants.length <= FOLD_AFTER) return list;
  return (
    <details className="group rounded-lg border p-3">
      <summary className="cursor-pointer text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring">
        Mostrar os {countOf(proof.entrants.length, 'participante', 'participantes')}
      </summary>
      <div className="mt-3">{list}</div>
    </details>
  );
}
