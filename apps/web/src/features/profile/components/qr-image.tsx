import { useEffect, useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';

/** Draws `value` as a QR code in the browser; the qrcode library loads only when needed. */
export function QrImage({ value, alt }: { value: string; alt: string }) {
  const [rendered, setRendered] = useState<{ value: string; src: string } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    import('qrcode')
      .then(({ default: QRCode }) => QRCode.toDataURL(value, { margin: 1, width: 232 }))
      .then((src) => {
        if (!cancelled) setRendered({ value, src });
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [value]);

  if (failed) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Não foi possível gerar o QR code. Use a chave abaixo para configurar manualmente.
      </p>
    );
  }
  if (rendered?.value !== value) return <Skeleton className="size-58 rounded-lg" />;
  return (
    <img
      src={rendered.src}
      alt={alt}
      width={232}
      height={232}
      // White behind the code in both themes: authenticator apps read dark-on-light best.
      className="size-58 rounded-lg border bg-white p-2"
    />
  );
}
