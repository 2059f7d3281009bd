import type { PixCharge } from '@sorteio/shared';
import { useMutation } from '@tanstack/react-query';
import { FlaskConical, RefreshCw, Timer } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { CopyButton } from '@/components/copy-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { qrImageSrc, simulatePixPayment, usePaymentConfig } from '@/lib/pix/pix-api';
import type { PixChargeWatch } from '@/lib/pix/use-pix-charge-watch';

function secondsUntil(iso: string): number {
  const end = Date.parse(iso);
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.ceil((end - Date.now()) / 1000));
}

/** Seconds left until `iso`, ticking once a second. */
function useSecondsUntil(iso: string): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(iso));
  useEffect(() => {
    setSeconds(secondsUntil(iso));
    const timer = setInterval(() => {
      setSeconds(secondsUntil(iso));
    }, 1000);
    return () => {
      clearInterval(timer);
    };
  }, [iso]);
  return seconds;
}

function formatCountdown(total: number): string {
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const mmss = `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
  return hours > 0 ? `${hours}:${mmss}` : mmss;
}

function ExpiryCountdown({ expiresAt, onElapsed }: { expiresAt: string; onElapsed: () => void }) {
  const seconds = useSecondsUntil(expiresAt);
  const elapsedFired = useRef(false);
  const onElapsedRef = useRef(onElapsed);
  useEffect(() => {
    onElapsedRef.current = onElapsed;
  });
  useEffect(() => {
    // At the deadline, ask the server once: it is the one that says the charge expired.
    if (seconds > 0 || elapsedFired.current) return;
    elapsedFired.current = true;
    onElapsedRef.current();
  }, [seconds]);
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground">
      <Timer aria-hidden="true" className="size-4" />
      {seconds > 0 ? (
        <span>
          Este PIX expira em{' '}
          <span className="font-mono font-semibold text-foreground tabular-nums">
            {formatCountdown(seconds)}
          </span>
        </span>
      ) : (
        <span>Prazo de pagamento encerrado. Verificando...</span>
      )}
    </p>
  );
}

function CopyPasteCode({ code, copiedTitle }: { code: string; copiedTitle: string }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>PIX Copia e Cola</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          ref={inputRef}
          readOnly
          value={code}
          className="font-mono text-xs"
          onFocus={(event) => {
            event.currentTarget.select();
          }}
        />
        <CopyButton
          value={code}
          copiedTitle={copiedTitle}
          failureMessage="Selecione o código e copie manualmente."
          onFailure={() => inputRef.current?.select()}
        >
          Copiar
        </CopyButton>
      </div>
    </div>
  );
}

function HowToPay() {
  return (
    <div className="rounded-lg border bg-muted/50 p-4 text-sm">
      <p className="font-semibold">Como pagar</p>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-muted-foreground">
        <li>Abra o aplicativo do seu banco.</li>
        <li>Entre na área PIX.</li>
        <li>Escolha “Pix Copia e Cola” e cole o código, ou leia o QR Code com a câmera.</li>
        <li>Confira o valor e confirme o pagamento.</li>
      </ol>
      <p className="mt-2 text-muted-foreground">
        A confirmação aparece aqui assim que o banco avisar o pagamento.
      </p>
    </div>
  );
}

function SimulatePayment({ txid, onDone }: { txid: string; onDone: () => Promise<void> }) {
  const { notify } = useNotifications();
  const simulate = useMutation({
    mutationFn: simulatePixPayment,
    onSuccess: () => onDone(),
    onError: (error) => {
      notify({ type: 'error', title: 'Erro ao simular pagamento', message: error.message });
    },
  });
  return (
    <Alert variant="info" role="note">
      <FlaskConical aria-hidden="true" />
      <AlertDescription className="text-foreground">
        <p>Ambiente de demonstração: o pagamento é simulado</p>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="mt-1"
          disabled={simulate.isPending}
          onClick={() => {
            simulate.mutate(txid);
          }}
        >
          {simulate.isPending ? 'Simulando...' : 'Simular pagamento'}
        </Button>
      </AlertDescription>
    </Alert>
  );
}

export interface PixChargeDetailsProps {
  charge: PixCharge;
  watch: Pick<PixChargeWatch, 'timedOut' | 'isChecking' | 'checkNow'>;
  /** The toast after copying the code (the private room card says 'Copiado!', spec 001 section 8). */
  copiedTitle?: string;
}

/**
 * An open PIX charge: the QR code, the copy-paste code, how to pay, the time left and, when
 * the page stopped asking on its own, a button to check by hand.
 */
export function PixChargeDetails({
  charge,
  watch,
  copiedTitle = 'Código PIX copiado!',
}: PixChargeDetailsProps) {
  const config = usePaymentConfig();
  const isSimulator = config.data?.configured === true && config.data.provider === 'simulator';
  return (
    <div className="flex flex-col gap-5">
      {/* On a phone the code to paste comes first (the QR is for another screen); on a desktop the QR. */}
      <div className="order-2 flex justify-center md:order-1">
        <img
          src={qrImageSrc(charge.qrCodeBase64)}
          alt="QR Code PIX para pagamento"
          width={232}
          height={232}
          // White behind the code in both themes: bank apps read dark-on-light best.
          className="size-58 rounded-lg border bg-white p-2"
        />
      </div>
      <div className="order-1 md:order-2">
        <CopyPasteCode code={charge.qrCodeText} copiedTitle={copiedTitle} />
      </div>
      <div className="order-3 flex flex-col gap-5">
        <ExpiryCountdown
          expiresAt={charge.expiresAt}
          onElapsed={() => {
            void watch.checkNow();
          }}
        />
        {watch.timedOut && (
          <div className="flex flex-col gap-2 rounded-lg border p-4 text-sm">
            <p className="text-muted-foreground">
              Já pagou? Paramos de verificar automaticamente. Toque abaixo para consultar o banco.
            </p>
            <Button
              type="button"
              variant="outline"
              disabled={watch.isChecking}
              onClick={() => void watch.checkNow()}
            >
              <RefreshCw aria-hidden="true" className={watch.isChecking ? 'animate-spin' : ''} />
              Verificar pagamento
            </Button>
          </div>
        )}
        <HowToPay />
        {isSimulator && <SimulatePayment txid={charge.txid} onDone={watch.checkNow} />}
      </div>
    </div>
  );
}
