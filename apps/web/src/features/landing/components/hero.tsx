import { BadgeCheck, QrCode, ShieldCheck } from 'lucide-react';
import { AppLink } from '@/components/app-link';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LandingCta } from './landing-cta';

/** An illustration of what a player sees; marked as an example so nobody takes it as a result. */
function TicketIllustration() {
  return (
    <figure
      aria-label="Exemplo de comprovante de participação"
      className="relative mx-auto w-full max-w-sm rotate-1 rounded-2xl border bg-card p-5 shadow-xl sm:p-6"
    >
      <div className="flex items-center justify-between">
        <span className="text-sm font-medium text-muted-foreground">Sala Ouro · exemplo</span>
        <Badge variant="success">
          <BadgeCheck aria-hidden="true" />
          Verificado
        </Badge>
      </div>
      <p className="mt-5 text-xs font-medium tracking-wide text-muted-foreground uppercase">
        Seu número da sorte
      </p>
      <p className="mt-1 font-mono text-3xl font-bold tracking-wider text-primary">O4821307</p>
      <div className="my-5 border-t border-dashed" />
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-muted-foreground">Entrada</dt>
          <dd className="font-semibold">R$ 10,00 via PIX</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Participantes</dt>
          <dd className="font-semibold">8 / 10</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-muted-foreground">Compromisso publicado</dt>
          <dd className="truncate font-mono text-xs">3f9a2c1e7b4d08a6e5c2f1b9d3a7e604</dd>
        </div>
      </dl>
      <figcaption className="mt-4 flex items-center gap-2 text-xs text-muted-foreground">
        <QrCode aria-hidden="true" className="size-4" />
        Pagamento por PIX, prêmio por PIX.
      </figcaption>
    </figure>
  );
}

export function Hero() {
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 -top-40 -z-10 mx-auto h-[32rem] max-w-4xl rounded-full bg-primary/15 blur-3xl"
      />
      <div className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-12 px-4 pt-12 pb-10 sm:px-6 md:pt-20 lg:grid-cols-2 lg:gap-16">
        <div className="flex min-w-0 flex-col items-start gap-6">
          <Badge variant="secondary" className="px-3 py-1 text-sm whitespace-normal">
            <ShieldCheck aria-hidden="true" className="size-4!" />
            Resultado verificável por todos
          </Badge>
          <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            Sorteios com PIX que você <span className="text-primary">pode verificar</span>
          </h1>
          <p className="max-w-xl text-lg text-pretty text-muted-foreground">
            Entre em uma sala, pague a entrada por PIX e receba seu número da sorte. Cada sorteio é
            registrado com uma prova criptográfica pública, e o prêmio cai direto na chave PIX do
            vencedor.
          </p>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <LandingCta placement="hero" className="w-full sm:w-auto" />
            <Button asChild size="lg" variant="outline" className="w-full sm:w-auto">
              <AppLink to="/tutorial">Ver como funciona</AppLink>
            </Button>
          </div>
        </div>
        <TicketIllustration />
      </div>
    </section>
  );
}
