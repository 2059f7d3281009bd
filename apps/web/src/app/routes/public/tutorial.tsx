import { Link } from 'react-router';
import { ArrowRight, CirclePlay, LifeBuoy } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { steps, tips } from './tutorial-content';

export default function TutorialPage() {
  return (
    <div className="bg-background text-foreground">
      <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
        <header className="space-y-3">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Como Usar a Plataforma</h1>
          <p className="text-base leading-relaxed text-muted-foreground sm:text-lg">
            Em quatro passos você cria a sua conta, adiciona saldo, participa dos sorteios e recebe
            os prêmios por PIX. Veja também algumas dicas para aproveitar a plataforma com
            segurança.
          </p>
        </header>

        <section aria-labelledby="tutorial-passos" className="mt-10 space-y-4">
          <h2 id="tutorial-passos" className="text-2xl font-semibold tracking-tight">
            Passo a passo
          </h2>
          <ol className="space-y-4">
            {steps.map((step, index) => {
              const Icon = step.icon;
              return (
                <li key={step.title}>
                  <Card>
                    <CardHeader>
                      <div className="flex items-start gap-3">
                        <span
                          aria-hidden="true"
                          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-base font-bold text-primary-foreground"
                        >
                          {index + 1}
                        </span>
                        <div className="min-w-0 space-y-1">
                          <CardTitle>
                            <h3 className="flex items-center gap-2 text-lg leading-snug font-semibold">
                              <Icon aria-hidden="true" className="size-5 shrink-0 text-primary" />
                              <span>
                                <span className="sr-only">Passo {index + 1}: </span>
                                {step.title}
                              </span>
                            </h3>
                          </CardTitle>
                          <CardDescription>{step.summary}</CardDescription>
                        </div>
                      </div>
                    </CardHeader>
                    <CardContent className="space-y-3 text-sm leading-relaxed sm:text-base">
                      {step.body}
                    </CardContent>
                  </Card>
                </li>
              );
            })}
          </ol>
        </section>

        <section aria-labelledby="tutorial-dicas" className="mt-12 space-y-4">
          <h2 id="tutorial-dicas" className="text-2xl font-semibold tracking-tight">
            Dicas
          </h2>
          <ul className="grid gap-4 sm:grid-cols-3">
            {tips.map((tip) => {
              const Icon = tip.icon;
              return (
                <li key={tip.title}>
                  <Card className="h-full">
                    <CardHeader>
                      <CardTitle>
                        <h3 className="flex items-center gap-2 text-base font-semibold">
                          <Icon aria-hidden="true" className="size-5 shrink-0 text-primary" />
                          {tip.title}
                        </h3>
                      </CardTitle>
                    </CardHeader>
                    <CardContent className="space-y-2 text-sm leading-relaxed text-muted-foreground">
                      {tip.body}
                    </CardContent>
                  </Card>
                </li>
              );
            })}
          </ul>
        </section>

        <section aria-labelledby="tutorial-video" className="mt-12">
          <div className="flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-border bg-muted p-6 text-center">
            <CirclePlay aria-hidden="true" className="size-12 text-muted-foreground" />
            <h2 id="tutorial-video" className="text-lg font-semibold">
              Vídeo tutorial em breve
            </h2>
            <p className="max-w-md text-sm text-muted-foreground">
              Estamos preparando um vídeo mostrando cada etapa. Enquanto isso, siga o passo a passo
              acima ou fale com o suporte.
            </p>
          </div>
        </section>

        <section
          aria-labelledby="tutorial-comecar"
          className="mt-12 rounded-xl border border-border bg-card p-6 text-card-foreground"
        >
          <h2 id="tutorial-comecar" className="text-xl font-semibold tracking-tight">
            Pronto para começar?
          </h2>
          <p className="mt-2 text-sm leading-relaxed text-muted-foreground sm:text-base">
            Crie sua conta em poucos minutos. Se tiver dúvidas, o suporte está à disposição, e você
            pode consultar como tratamos seus dados na Política de Privacidade.
          </p>
          <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Button asChild size="lg">
              <Link to="/register">
                Criar Conta Grátis
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/support">
                <LifeBuoy aria-hidden="true" />
                Falar com o suporte
              </Link>
            </Button>
            <Button asChild size="lg" variant="ghost">
              <Link to="/privacy">Política de Privacidade</Link>
            </Button>
          </div>
        </section>
      </div>
    </div>
  );
}
