import type { PixCharge } from '@sorteio/shared';
import { useQuery, type Query } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { getPixCharge, isFinalChargeStatus, pixKeys } from './pix-api';

/** The PIX status poll of spec 000 sections 4 and 9: every 5 s, stopped after 300000 ms. */
export const PIX_POLL_INTERVAL_MS = 5000;
export const PIX_POLL_WINDOW_MS = 300_000;
/** The payment status query of spec 000 section 7, on top of the 5 s poll. */
export const PIX_STATUS_REFRESH_MS = 10_000;

export const PIX_STATUS_ERROR_TITLE = 'Erro ao verificar pagamento';
const PIX_STATUS_ERROR_FALLBACK = 'Tente novamente';

export interface PixChargeWatch {
  /** The server's newest answer about the charge (the initial one until the first poll). */
  charge: PixCharge | null;
  /** True while the page still asks the server on its own. */
  isPolling: boolean;
  /** The 5-minute window passed with the charge still open: the person checks by hand. */
  timedOut: boolean;
  isChecking: boolean;
  /** Asks the server once now (the 'Verificar pagamento' button). */
  checkNow: () => Promise<void>;
}

function statusErrorMessage(error: unknown): string {
  // The server's own answer (not found, not allowed) says what went wrong; anything else, such
  // as a dropped connection, just needs another try.
  if (isApiError(error) && (error.reason || (error.status >= 400 && error.status < 500))) {
    return error.message;
  }
  return PIX_STATUS_ERROR_FALLBACK;
}

/**
 * Watches a PIX charge until the server says it is paid or expired. The page shows "confirmed"
 * only from the server's answer ('CONCLUIDA'); there is no timer that decides it (DESIGN.md
 * sections 4 and 8: the original marked it paid 15 s after a poll without reading the result).
 */
export function usePixChargeWatch(
  initial: PixCharge | null,
  options: { onPaid?: (charge: PixCharge) => void } = {},
): PixChargeWatch {
  const { notify } = useNotifications();
  const txid = initial?.txid ?? null;
  const [timedOutTxid, setTimedOutTxid] = useState<string | null>(null);
  const timedOut = txid !== null && timedOutTxid === txid;

  useEffect(() => {
    if (txid === null) return;
    const timer = setTimeout(() => {
      setTimedOutTxid(txid);
    }, PIX_POLL_WINDOW_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [txid]);

  const every = (ms: number) => (query: Query<PixCharge, Error, PixCharge, readonly unknown[]>) => {
    const status = query.state.data?.status;
    if (txid === null || timedOut || (status !== undefined && isFinalChargeStatus(status))) {
      return false;
    }
    return ms;
  };

  const base = {
    queryKey: pixKeys.charge(txid ?? ''),
    queryFn: ({ signal }: { signal: AbortSignal }) => getPixCharge(txid ?? '', { signal }),
    enabled: txid !== null,
    initialData: () => initial ?? undefined,
    staleTime: 0,
    // The next poll is the retry.
    retry: false,
    // The person pays in the bank app: keep asking while this tab is in the background.
    refetchIntervalInBackground: true,
  };
  const poll = useQuery({ ...base, refetchInterval: every(PIX_POLL_INTERVAL_MS) });
  useQuery({ ...base, refetchInterval: every(PIX_STATUS_REFRESH_MS) });

  const charge = txid === null ? null : (poll.data ?? initial);
  const status = charge?.status;
  const isFinal = status !== undefined && isFinalChargeStatus(status);

  // "Pagamento Confirmado!" once per charge, and only when the server's answer turned to paid
  // while this page watched (a page reopened after paying just shows the state).
  const firstStatus = useRef<{ txid: string; status: PixCharge['status'] } | null>(null);
  const paidHandled = useRef<string | null>(null);
  const onPaid = useRef(options.onPaid);
  useEffect(() => {
    onPaid.current = options.onPaid;
  });
  useEffect(() => {
    if (!charge) return;
    if (firstStatus.current?.txid !== charge.txid) {
      firstStatus.current = { txid: charge.txid, status: charge.status };
    }
    if (charge.status !== 'CONCLUIDA' || paidHandled.current === charge.txid) return;
    paidHandled.current = charge.txid;
    if (firstStatus.current.status !== 'CONCLUIDA') {
      notify({
        type: 'success',
        title: 'Pagamento Confirmado!',
        message: 'Recebemos o seu PIX.',
      });
    }
    onPaid.current?.(charge);
  }, [charge, notify]);

  // One toast per run of failures, not one every 5 s while the connection is down.
  const failing = useRef(false);
  useEffect(() => {
    if (poll.status !== 'error') {
      failing.current = false;
      return;
    }
    if (failing.current) return;
    failing.current = true;
    notify({
      type: 'error',
      title: PIX_STATUS_ERROR_TITLE,
      message: statusErrorMessage(poll.error),
    });
  }, [poll.status, poll.error, notify]);

  const { refetch } = poll;
  const checkNow = useCallback(async () => {
    if (txid === null) return;
    const result = await refetch();
    if (result.isError) {
      failing.current = true;
      notify({
        type: 'error',
        title: PIX_STATUS_ERROR_TITLE,
        message: statusErrorMessage(result.error),
      });
    }
  }, [txid, refetch, notify]);

  return {
    charge,
    isPolling: txid !== null && !timedOut && !isFinal,
    timedOut: timedOut && !isFinal,
    isChecking: poll.isFetching,
    checkNow,
  };
}
