import { zodResolver } from '@hookform/resolvers/zod';
import {
  adminMessages,
  computePrize,
  formatBRL,
  formatDecimalBRL,
  publicRoomTypes,
  roomDraftFormSchema,
  roomEditMessages,
  roomFormOfDraft,
  roomTypeLabel,
  type AdminRoom,
  type RoomDraft,
  type RoomForm,
  type RoomFormDefaults,
} from '@sorteio/shared';
import { Lock } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { InputField, SelectField } from '@/components/form-field';
import { LoadError } from '@/components/load-error';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { DialogHeading, DialogShell } from '@/components/dialog-shell';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useRoomDefaults } from '../api/get-room-defaults';
import { useSaveRoom } from '../api/save-room';

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
function draftOf(room: AdminRoom | null, defaults: RoomFormDefaults | undefined): RoomDraft {
  if (!room)
    return {
      tipoSala: defaults?.tipoSala ?? 'premium',
      valorEntrada: formatDecimalBRL(defaults?.valorEntrada ?? 1000),
      maxParticipantes: String(defaults?.maxParticipantes ?? 10),
      taxaPersonalizadaBp: defaults ? percentText(defaults.taxaPersonalizadaBp) : '',
      sorteioAutomatico: defaults?.sorteioAutomatico ?? true,
      temLimitePessoas: defaults?.temLimitePessoas ?? true,
      dataSorteio: '',
    };
  return {
    tipoSala: room.tipoSala === 'privada' ? 'premium' : room.tipoSala,
    valorEntrada: formatDecimalBRL(room.valorEntrada),
    maxParticipantes: String(room.maxParticipantes),
    taxaPersonalizadaBp: percentText(room.taxaPersonalizadaBp),
    sorteioAutomatico: room.sorteioAutomatico,
    temLimitePessoas: room.temLimitePessoas,
    dataSorteio: room.dataSorteio ? localInput(room.dataSorteio) : '',
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
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      className="max-h-[90vh] overflow-y-auto sm:max-w-lg"
    >
      {open && (
        <RoomFormLoader key={room?.id ?? 'new'} room={room} onDone={() => onOpenChange(false)} />
      )}
    </DialogShell>
  );
}

/** A new room waits for its defaults (the fee from the settings); an edit starts at once. */
function RoomFormLoader({ room, onDone }: { room: AdminRoom | null; onDone: () => void }) {
  const defaults = useRoomDefaults(room === null);
  if (room === null && defaults.isPending)
    return (
      <>
        <DialogHeading title="Nova Sala" description="Carregando os valores iniciais." />
        <Spinner label="Carregando" />
      </>
    );
  if (room === null && defaults.isError)
    return (
      <>
        <DialogHeading
          title="Nova Sala"
          description="Não foi possível carregar os valores iniciais."
        />
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
  const {
    register,
    handleSubmit,
    watch,
    getValues,
    formState: { errors },
  } = useForm<RoomDraft, unknown, z.output<typeof roomDraftFormSchema>>({
    resolver: zodResolver(roomDraftFormSchema),
    defaultValues: draftOf(room, defaults),
    // As before: the messages change only when the form is sent again.
    reValidateMode: 'onSubmit',
  });
  const draft = watch();
  const prize = livePrize(roomFormOfDraft(draft));
  // The server's rule: from the first participation ever (paid, held for PIX or cancelled).
  const locked = room !== null && room.entrantsEver > 0;
  const lockedHint = locked ? roomEditMessages.lockedField : undefined;

  // The body is the draft read as numbers, as typed (the schema's defaults are the server's job).
  const submit = handleSubmit(() => {
    save.mutate(
      { id: room?.id ?? null, form: roomFormOfDraft(getValues()) },
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
  });

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
      <DialogHeading
        title={room ? 'Editar sala' : 'Nova Sala'}
        description="O prêmio é calculado em centavos, como no servidor."
      />
      {locked ? (
        <Alert role="note">
          <Lock aria-hidden="true" />
          <AlertTitle>Campos bloqueados</AlertTitle>
          <AlertDescription>{roomEditMessages.lockedNotice}</AlertDescription>
        </Alert>
      ) : null}
      <SelectField
        id="room-tipo"
        label="Tipo de sala"
        error={errors.tipoSala?.message}
        hint={lockedHint}
        disabled={locked}
        controlClassName="capitalize"
        registration={register('tipoSala')}
      >
        {publicRoomTypes.map((t) => (
          <option key={t} value={t}>
            {roomTypeLabel(t)}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-3">
        <InputField
          id="room-valor"
          label="Valor de entrada (R$)"
          error={errors.valorEntrada?.message}
          hint={lockedHint}
          inputMode="decimal"
          disabled={locked}
          registration={register('valorEntrada')}
        />
        <InputField
          id="room-max"
          label="Máx. participantes"
          error={errors.maxParticipantes?.message}
          hint={lockedHint}
          type="number"
          min={2}
          max={1000}
          disabled={locked}
          registration={register('maxParticipantes')}
        />
        <InputField
          id="room-taxa"
          label="Taxa da plataforma (%)"
          error={errors.taxaPersonalizadaBp?.message}
          hint={lockedHint}
          inputMode="decimal"
          disabled={locked}
          registration={register('taxaPersonalizadaBp')}
        />
      </div>
      <div className="flex flex-col gap-2 text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" {...register('sorteioAutomatico')} />
          Sorteio automático
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" disabled={locked} {...register('temLimitePessoas')} />
          Limite de participantes
        </label>
      </div>
      {!draft.temLimitePessoas && (
        <InputField
          id="room-data"
          label="Data do sorteio"
          error={errors.dataSorteio?.message}
          hint={lockedHint}
          type="datetime-local"
          disabled={locked}
          registration={register('dataSorteio')}
        />
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
