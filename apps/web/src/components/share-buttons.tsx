import { MessageCircle } from 'lucide-react';
import { CopyButton } from '@/components/copy-button';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** WhatsApp's documented share link: opens the app (or WhatsApp Web) with the text typed in. */
export function whatsappShareUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/**
 * 'Compartilhar no WhatsApp' and 'Copiar link' for a room's link (public rooms and private
 * rooms). The link is absolute: it is pasted outside the site.
 */
export function ShareButtons({
  url,
  message,
  className,
}: {
  /** The absolute link to share. */
  url: string;
  /** The text before the link in the WhatsApp message. */
  message: string;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-wrap gap-2', className)}>
      <Button asChild variant="outline" size="sm">
        <a href={whatsappShareUrl(`${message} ${url}`)} target="_blank" rel="noopener noreferrer">
          <MessageCircle aria-hidden="true" />
          Compartilhar no WhatsApp
          <span className="sr-only"> (abre em nova aba)</span>
        </a>
      </Button>
      <CopyButton
        value={url}
        size="sm"
        copiedTitle="Link copiado!"
        failureMessage={`Copie o link manualmente: ${url}`}
      >
        Copiar link
      </CopyButton>
    </div>
  );
}
