import { Radio, Trophy, UsersRound, type LucideIcon } from 'lucide-react';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

interface Feature {
  title: string;
  description: string;
  icon: LucideIcon;
}

/** The three feature cards of spec 000 section 2, with their exact titles. */
const features: Feature[] = [
  {
    title: 'Sorteios ao Vivo',
    description:
      'Acompanhe as salas enchendo em tempo real e veja o número vencedor assim que o sorteio acontece.',
    icon: Radio,
  },
  {
    title: 'Salas Privadas',
    description:
      'Crie uma sala só para seus amigos, escolha o valor da entrada e convide pelo código ou link.',
    icon: UsersRound,
  },
  {
    title: 'Prêmios Garantidos',
    description:
      'O prêmio sai do valor arrecadado na própria sala e é pago automaticamente por PIX ao vencedor.',
    icon: Trophy,
  },
];

export function FeatureCards() {
  return (
    <section aria-labelledby="recursos-titulo" className="mx-auto w-full max-w-6xl px-4 sm:px-6">
      <h2 id="recursos-titulo" className="text-2xl font-bold tracking-tight sm:text-3xl">
        Tudo o que você precisa para jogar com confiança
      </h2>
      <ul className="mt-8 grid gap-4 md:grid-cols-3">
        {features.map(({ title, description, icon: Icon }) => (
          <li key={title}>
            <Card className="h-full transition-shadow hover:shadow-md">
              <CardHeader className="gap-3">
                <span className="flex size-12 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <CardTitle>
                  <h3>{title}</h3>
                </CardTitle>
                <CardDescription className="text-base">{description}</CardDescription>
              </CardHeader>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
