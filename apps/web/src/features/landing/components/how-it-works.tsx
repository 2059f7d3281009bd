import { ArrowRight, ShieldCheck } from 'lucide-react';
import { AppLink } from '@/components/app-link';

const sectionLink =
  'inline-flex items-center gap-1 rounded-sm text-sm font-semibold text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring';

const steps = [
  {
    title: 'Crie sua conta',
    description: 'Cadastre-se com e-mail e senha e confirme o e-mail que enviamos.',
  },
  {
    title: 'Verifique sua identidade',
    description: 'Envie a foto de um documento e uma selfie. Só maiores de 18 anos participam.',
  },
  {
    title: 'Escolha uma sala e pague por PIX',
    description: 'Pague a entrada por PIX ou com seu saldo e receba seu número da sorte.',
  },
  {
    title: 'Receba o prêmio por PIX',
    description: 'Quando a sala fecha, o vencedor é sorteado e o prêmio vai para a chave PIX dele.',
  },
];

export function HowItWorks() {
  return (
    <section
      id="como-funciona"
      aria-labelledby="como-funciona-titulo"
      className="mx-auto w-full max-w-6xl px-4 sm:px-6"
    >
      <h2 id="como-funciona-titulo" className="text-2xl font-bold tracking-tight sm:text-3xl">
        Como funciona
      </h2>
      <ol className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map((step, index) => (
          <li key={step.title} className="flex gap-4 rounded-xl border bg-card p-5 lg:flex-col">
            <span
              aria-hidden="true"
              className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-lg font-bold text-primary-foreground"
            >
              {index + 1}
            </span>
            <div>
              <h3 className="font-semibold">{step.title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{step.description}</p>
            </div>
          </li>
        ))}
      </ol>
      <div className="mt-6 flex flex-col items-start gap-3 rounded-xl border border-primary/30 bg-secondary/60 p-5 sm:flex-row sm:items-center">
        <ShieldCheck aria-hidden="true" className="size-6 shrink-0 text-primary" />
        <p className="flex-1 text-sm text-secondary-foreground">
          Antes de cada sala abrir, publicamos um compromisso criptográfico do sorteio; depois do
          resultado, publicamos a prova completa. Qualquer pessoa pode conferir que o vencedor não
          foi escolhido a dedo.
        </p>
        <div className="flex flex-col gap-2">
          <AppLink to="/sorteios" className={sectionLink}>
            Verificar sorteios
            <ArrowRight aria-hidden="true" className="size-4" />
          </AppLink>
          <AppLink to="/ganhadores" className={sectionLink}>
            Ver ganhadores
            <ArrowRight aria-hidden="true" className="size-4" />
          </AppLink>
        </div>
      </div>
    </section>
  );
}
