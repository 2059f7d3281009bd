import { BellRing, PartyPopper, Trophy, Undo2, Wallet, X, type LucideIcon } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth/use-auth';
import type { LiveMessage } from '@/lib/realtime/live-updates';
import { useLiveMessages } from '@/lib/realtime/live-provider';
import { safeReturnPath } from '@/lib/return-path';

/** One live notice of a room the player is in (server: realtime/player-notices.ts). */
export interface PlayerNotice {
  kind: 'filled' | 'drawn' | 'won' | 'cancelled' | 'paid';
  roomName: string;
  href: string;
}

const KINDS = new Set<PlayerNotice['kind']>(['filled', 'drawn', 'won', 'cancelled', 'paid']);

/** The message as a notice, or null when it is not one (or not well formed). */
export function noticeOf(message: LiveMessage): PlayerNotice | null {
  if (message.type !== 'notice') return null;
  const { kind, roomName, href } = message;
  if (typeof kind !== 'string' || !KINDS.has(kind as PlayerNotice['kind'])) return null;
  if (typeof roomName !== 'string' || typeof href !== 'string') return null;
  // Only a path on this site is ever linked.
  const path = safeReturnPath(href);
  if (!path) return null;
  return { kind: kind as PlayerNotice['kind'], roomName, href: path };
}

const texts: Record<
  PlayerNotice['kind'],
  { icon: LucideIcon; title: string; body: (room: string) => string; link: string }
> = {
  filled: {
    icon: BellRing,
    title: 'Sua sala está completa',
    body: (room) => `${room} completou todas as vagas. O sorteio acontece agora.`,
    link: 'Ver a sala',
  },
  drawn: {
    icon: PartyPopper,
    title: 'Sorteio realizado',
    body: (room) => `${room} foi sorteada. Não foi desta vez.`,
    link: 'Ver o resultado',
  },
  won: {
    icon: Trophy,
    title: 'Você ganhou!',
    body: (room) => `${room} foi sorteada e o prêmio é seu.`,
    link: 'Ver o resultado',
  },
  cancelled: {
    icon: Undo2,
    title: 'Sala cancelada',
    body: (room) => `${room} foi cancelada e sua entrada foi devolvida.`,
    link: 'Ver a sala',
  },
  paid: {
    icon: Wallet,
    title: 'Prêmio pago',
    body: (room) => `O prêmio de ${room} foi enviado para a sua chave PIX.`,
    link: 'Ver o sorteio',
  },
};

/** At most this many notices on screen; older ones leave first. */
const MAX_SHOWN = 3;

/** The notices themselves: a stack of banners, each with its link and a close button. */
export function NoticeStack({
  notices,
  onDismiss,
}: {
  notices: (PlayerNotice & { id: number })[];
  onDismiss: (id: number) => void;
}) {
  return (
    <section
      aria-label="Avisos das suas salas"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-3 sm:inset-x-auto sm:top-20 sm:right-4 sm:bottom-auto sm:w-96 sm:items-stretch"
    >
      {notices.map((notice) => {
        const text = texts[notice.kind];
        const Icon = text.icon;
        return (
          <div
            key={notice.id}
            role="status"
            className="pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-lg border bg-card p-4 text-card-foreground shadow-lg"
          >
            <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <p className="font-semibold">{text.title}</p>
              <p className="text-sm break-words text-muted-foreground">
                {text.body(notice.roomName)}
              </p>
              <Link
                to={notice.href}
                onClick={() => onDismiss(notice.id)}
                className="w-fit text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                {text.link}
              </Link>
            </div>
            <Button
              variant="ghost"
              size="icon"
              className="-mt-1 -mr-1 size-8 shrink-0"
              aria-label="Fechar aviso"
              onClick={() => onDismiss(notice.id)}
            >
              <X aria-hidden="true" />
            </Button>
          </div>
        );
      })}
    </section>
  );
}

let nextId = 0;

/**
 * App-wide notices for the signed-in player: their room filled, was drawn, was cancelled, or their
 * prize was paid. They arrive on the live connection (only the player's own) and stay until closed
 * or followed, on every screen.
 */
export function PlayerNotices() {
  const { user } = useAuth();
  const [notices, setNotices] = useState<(PlayerNotice & { id: number })[]>([]);
  useLiveMessages(
    useCallback((message: LiveMessage) => {
      const notice = noticeOf(message);
      if (!notice) return;
      nextId += 1;
      const id = nextId;
      setNotices((list) => [...list, { ...notice, id }].slice(-MAX_SHOWN));
    }, []),
  );
  const dismiss = useCallback((id: number) => {
    setNotices((list) => list.filter((n) => n.id !== id));
  }, []);
  if (!user || notices.length === 0) return null;
  return <NoticeStack notices={notices} onDismiss={dismiss} />;
}
