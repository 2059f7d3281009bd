import { formatBRL } from '@sorteio/shared';
import { MessageCircle, Share2 } from 'lucide-react';
import { useState } from 'react';
import { PRODUCT_NAME } from '@/components/brand';
import { CopyButton } from '@/components/copy-button';
import { DialogHeading, DialogShell } from '@/components/dialog-shell';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

export const SHARE_INVITE_LABEL = 'Compartilhar Convite';
export const LINK_COPIED = 'Link copiado!';

export interface InviteToShare {
  /** The room's name as its members see it. */
  name: string;
  entryValue: number;
  inviteLink: string;
}

/** What the share sheet (or WhatsApp) sends: a short invitation and the link. */
export function inviteShareData(invite: InviteToShare): ShareData {
  return {
    title: `Convite para a sala ${invite.name}`,
    text: `Entre na minha sala privada "${invite.name}" no ${PRODUCT_NAME}! Entrada: ${formatBRL(invite.entryValue)}.`,
    url: invite.inviteLink,
  };
}

/** https://wa.me/?text=... with the invitation and the link. */
export function whatsAppShareUrl(invite: InviteToShare): string {
  const { text = '', url = '' } = inviteShareData(invite);
  return `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;
}

function canUseShareSheet(data: ShareData): boolean {
  if (typeof navigator.share !== 'function') return false;
  return typeof navigator.canShare !== 'function' || navigator.canShare(data);
}

/**
 * 'Compartilhar Convite': the phone's share sheet (Web Share API) when the browser has one;
 * otherwise, or if the sheet fails, a small dialog with 'Compartilhar no WhatsApp' and
 * 'Copiar link'. The creator's own tab never leaves the page.
 */
export function ShareInviteButton({
  invite,
  variant = 'outline',
  className,
}: {
  invite: InviteToShare;
  variant?: 'default' | 'outline' | 'secondary';
  className?: string;
}) {
  const [fallbackOpen, setFallbackOpen] = useState(false);

  async function share() {
    const data = inviteShareData(invite);
    if (!canUseShareSheet(data)) {
      setFallbackOpen(true);
      return;
    }
    try {
      await navigator.share(data);
    } catch (error) {
      // Closing the sheet is a choice, not a failure; anything else gets the other ways.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setFallbackOpen(true);
    }
  }

  return (
    <>
      <Button type="button" variant={variant} className={className} onClick={() => void share()}>
        <Share2 aria-hidden="true" />
        {SHARE_INVITE_LABEL}
      </Button>
      <DialogShell open={fallbackOpen} onOpenChange={setFallbackOpen} className="sm:max-w-md">
        <DialogHeading
          title={SHARE_INVITE_LABEL}
          description={<>Envie o link para seus amigos entrarem na sala {invite.name}.</>}
        />
        <Input
          readOnly
          value={invite.inviteLink}
          aria-label="Link do convite"
          onFocus={(event) => event.currentTarget.select()}
        />
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button asChild className="flex-1">
            <a href={whatsAppShareUrl(invite)} target="_blank" rel="noopener noreferrer">
              <MessageCircle aria-hidden="true" />
              Compartilhar no WhatsApp
            </a>
          </Button>
          <CopyButton
            value={invite.inviteLink}
            className="flex-1"
            copiedTitle={LINK_COPIED}
            failureMessage="Selecione o link e copie manualmente."
            onCopied={() => setFallbackOpen(false)}
          >
            Copiar link
          </CopyButton>
        </div>
      </DialogShell>
    </>
  );
}
