import { LandingCta } from './landing-cta';

export function ClosingCta() {
  return (
    <section aria-labelledby="cta-titulo" className="mx-auto w-full max-w-6xl px-4 sm:px-6">
      <div className="flex flex-col items-center gap-5 rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground shadow-lg sm:px-12">
        <h2 id="cta-titulo" className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
          Pronto para o próximo sorteio?
        </h2>
        <p className="max-w-xl text-base text-pretty opacity-95">
          Crie sua conta em minutos, escolha uma sala e acompanhe o resultado com a prova em mãos.
        </p>
        <LandingCta placement="bottom" variant="secondary" />
      </div>
    </section>
  );
}
