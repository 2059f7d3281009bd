import {
  adminMessages,
  computePrize,
  formatBRL,
  formatDecimalBRL,
  parseBRL,
  publicRoomTypes,
  roomEditMessages,
  roomFormSchema,
  roomTypeLabel,
  type AdminRoom,
  type RoomForm,
  type RoomFormDefaults,
} from '@sorteio/shared';
import { Lock } from 'lucide-react';
import { useState } from 'react';
import { FormField } from '@/components/form-field';
import { LoadError } from '@/components/load-error';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useRoomDefaults } from '../api/get-room-defaults';
import { useSaveRoom } from '../api/save-room';

interface Draft {
  tipoSala: (typeof publicRoomTypes)[number];
  valorEntrada: string;
  maxParticipantes: string;
  taxa: string;
  sorteioAutomatico: boolean;
  temLimitePessoas: boolean;
  dataSorteio: string;
}

const percentText = (bp: number) => String(bp / 100).replace('.', ',');

/** An ISO instant as the value of a datetime-local input (the browser's local time). */
function localInput(iso: string): string {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/**
 * 'Nova Sala' starts from the server's defaults (spec 001 section 5: premium, R$ 10,00, 10 seats,
 * automatic draw; the fee is the platform fee of the settings, their one source).
 */
function draftOf(room: AdminRoom | null, defaults: RoomFormDefaults | undefined): Draft {
  if (!room)
    return {
      tipoSala: defaults?.tipoSala ?? 'premium',
      valorEntrada: formatDecimalBRL(defaults?.valorEntrada ?? 1000),
      maxParticipantes: String(defaults?.maxParticipantes ?? 10),
      taxa: defaults ? percentText(defaults.taxaPersonalizadaBp) : '',
      sorteioAutomatico: defaults?.sorteioAutomatico ?? true,
      temLimitePessoas: defaults?.temLimitePessoas ?? true,
      dataSorteio: '',
    };
  return {
    tipoSala: room.tipoSala === 'privada' ? 'premium' : room.tipoSala,
    valorEntrada: formatDecimalBRL(room.valorEntrada),
    maxParticipantes: String(room.maxParticipantes),
    taxa: percentText(room.taxaPersonalizadaBp),
    sorteioAutomatico: room.sorteioAutomatico,
    temLimitePessoas: room.temLimitePessoas,
    dataSorteio: room.dataSorteio ? localInput(room.dataSorteio) : '',
  };
}

/** "20", "12,5" -> basis points; null when not a percentage with at most 2 decimals. */
export function percentToBp(text: string): number | null {
  const s = text.trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(s)) return null;
  return Math.round(Number(s) * 100);
}

/** The form as the server's schema reads it; NaN where the text is not a number. */
function toForm(d: Draft): RoomForm {
  return {
    tipoSala: d.tipoSala,
    valorEntrada: parseBRL(d.valorEntrada) ?? Number.NaN,
    maxParticipantes: /^\d+$/.test(d.maxParticipantes.trim())
      ? Number(d.maxParticipantes)
      : Number.NaN,
    taxaPersonalizadaBp: percentToBp(d.taxa) ?? Number.NaN,
    sorteioAutomatico: d.sorteioAutomatico,
    temLimitePessoas: d.temLimitePessoas,
    dataSorteio: d.dataSorteio ? new Date(d.dataSorteio).toISOString() : null,
  };
}

/** Gross, fee and net as the server computes them (centavos, fee rounded half up). */
function livePrize(form: RoomForm) {
  const entry = form.valorEntrada ?? 0;
  const seats = form.maxParticipantes ?? 0;
  const bp = form.taxaPersonalizadaBp ?? 0;
  if (![entry, seats, bp].every((n) => Number.isSafeInteger(n) && n >= 0)) return null;
  if (entry * seats > 1_000_000_000) return null;
  return computePrize({ entryCentavos: entry, maxParticipants: seats, feeBasisPoints: bp });
}

/** 'Nova Sala' and edit (spec 001 "Admin rooms tab" and section 5). */
export function RoomFormDialog({
  open,
  room,
  onOpenChange,
}: {
  open: boolean;
  /** The room being edited; null to create. */
  room: AdminRoom | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        {open && (
          <RoomFormLoader key={room?.id ?? 'new'} room={room} onDone={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** A new room waits for its defaults (the fee from the settings); an edit starts at once. */
function RoomFormLoader({ room, onDone }: { room: AdminRoom | null; onDone: () => void }) {
  const defaults = useRoomDefaults(room === null);
  if (room === null && defaults.isPending)
    return (
      <>
        <DialogHeader>
          <DialogTitle>Nova Sala</DialogTitle>
          <DialogDescription>Carregando os valores iniciais.</DialogDescription>
        </DialogHeader>
        <Spinner label="Carregando" />
      </>
    );
  if (room === null && defaults.isError)
    return (
      <>
        <DialogHeader>
          <DialogTitle>Nova Sala</DialogTitle>
          <DialogDescription>Não foi possível carregar os valores iniciais.</DialogDescription>
        </DialogHeader>
        <LoadError
          title="Erro ao carregar"
          message={defaults.error.message}
          onRetry={() => void defaults.refetch()}
        />
      </>
    );
  return <RoomFormBody room={room} defaults={defaults.data} onDone={onDone} />;
}

function RoomFormBody({
  room,
  defaults,
  onDone,
}: {
  room: AdminRoom | null;
  defaults: RoomFormDefaults | undefined;
  onDone: () => void;
}) {
  const { notify } = useNotifications();
  const save = useSaveRoom();
  const [draft, setDraft] = useState<Draft>(() => draftOf(room, defaults));
  const [errors, setErrors] = useState<Partial<Record<keyof RoomForm, string>>>({});
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const form = toForm(draft);
  const prize = livePrize(form);
  // The server's rule: from the first participation ever (paid, held for PIX or cancelled).
  const locked = room !== null && room.entrantsEver > 0;
  const lockedHint = locked ? roomEditMessages.lockedField : undefined;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = roomFormSchema.safeParse(form);
    if (!parsed.success) {
      const next: Partial<Record<keyof RoomForm, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof RoomForm;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(
      { id: room?.id ?? null, form },
      {
        onSuccess: () => {
          notify({
            type: 'success',
            title: room ? adminMessages.roomUpdated : adminMessages.roomCreated,
            message: room ? 'As alterações foram salvas.' : 'A sala já aparece para os jogadores.',
          });
          onDone();
        },
        onError: (error) =>
          notify({
            type: 'error',
            title: room ? adminMessages.roomUpdateError : adminMessages.roomCreateError,
            message: error.message,
          }),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>{room ? 'Editar Sala' : 'Nova Sala'}</DialogTitle>
        <DialogDescription>O prêmio é calculado em centavos, como no servidor.</DialogDescription>
      </DialogHeader>
      {locked ? (
        <Alert role="note">
          <Lock aria-hidden="true" />
          <AlertTitle>Campos bloqueados</AlertTitle>
          <AlertDescription>{roomEditMessages.lockedNotice}</AlertDescription>
        </Alert>
      ) : null}
      <FormField id="room-tipo" label="Tipo de sala" error={errors.tipoSala} hint={lockedHint}>
        {(describedBy) => (
          <NativeSelect
            id="room-tipo"
            value={draft.tipoSala}
            disabled={locked}
            aria-describedby={describedBy}
            onChange={(e) => set('tipoSala', e.target.value as Draft['tipoSala'])}
            className="capitalize"
          >
            {publicRoomTypes.map((t) => (
              <option key={t} value={t}>
                {roomTypeLabel(t)}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField
          id="room-valor"
          label="Valor de entrada (R$)"
          error={errors.valorEntrada}
          hint={lockedHint}
        >
          {(describedBy) => (
            <Input
              id="room-valor"
              inputMode="decimal"
              value={draft.valorEntrada}
              disabled={locked}
              aria-describedby={describedBy}
              aria-invalid={errors.valorEntrada ? true : undefined}
              onChange={(e) => set('valorEntrada', e.target.value)}
            />
          )}
        </FormField>
        <FormField
          id="room-max"
          label="Máx. participantes"
          error={errors.maxParticipantes}
          hint={lockedHint}
        >
          {(describedBy) => (
            <Input
              id="room-max"
              type="number"
              min={2}
              max={1000}
              value={draft.maxParticipantes}
              disabled={locked}
              aria-describedby={describedBy}
              aria-invalid={errors.maxParticipantes ? true : undefined}
              onChange={(e) => set('maxParticipantes', e.target.value)}
            />
          )}
        </FormField>
        <FormField
          id="room-taxa"
          label="Taxa da plataforma (%)"
          error={errors.taxaPersonalizadaBp}
          hint={lockedHint}
        >
          {(describedBy) => (
            <Input
              id="room-taxa"
              inputMode="decimal"
              value={draft.taxa}
              disabled={locked}
              aria-describedby={describedBy}
              aria-invalid={errors.taxaPersonalizadaBp ? true : undefined}
              onChange={(e) => set('taxa', e.target.value)}
            />
          )}
        </FormField>
      </div>
      <div className="flex flex-col gap-2 text-sm">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={draft.sorteioAutomatico}
            onChange={(e) => set('sorteioAutomatico', e.target.checked)}
          />
          Sorteio automático
        </label>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={draft.temLimitePessoas}
            disabled={locked}
            onChange={(e) => set('temLimitePessoas', e.target.checked)}
          />
          Limite de participantes
        </label>
      </div>
      {!draft.temLimitePessoas && (
        <FormField
          id="room-data"
          label="Data do sorteio"
          error={errors.dataSorteio}
          hint={lockedHint}
        >
          {(describedBy) => (
            <Input
              id="room-data"
              type="datetime-local"
              value={draft.dataSorteio}
              disabled={locked}
              aria-describedby={describedBy}
              onChange={(e) => set('dataSorteio', e.target.value)}
            />
          )}
        </FormField>
      )}
      <dl
        aria-label="Cálculo do prêmio"
        className="grid grid-cols-3 gap-2 rounded-lg border bg-muted/40 p-3 text-sm"
      >
        <div>
          <dt className="text-xs text-muted-foreground">Prêmio total</dt>
          <dd className="font-semibold tabular-nums">
            {prize ? formatBRL(prize.grossCentavos) : '—'}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Taxa</dt>
          <dd className="font-semibold tabular-nums">
            {prize ? formatBRL(prize.feeCentavos) : '—'}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Prêmio líquido</dt>
          <dd className="font-semibold text-success tabular-nums">
            {prize ? formatBRL(prize.netCentavos) : '—'}
          </dd>
        </div>
      </dl>
      <DialogFooter>
        <Button type="submit" disabled={save.isPending}>
          {room ? 'Salvar' : 'Criar Sala'}
        </Button>
      </DialogFooter>
    </form>
  );
}
