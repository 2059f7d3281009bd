import type { Verification } from '@sorteio/shared';
import { CircleCheck, CircleDashed, ListChecks } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/utils';

/** What the dashboard knows about a player's first steps (composed in the route). */
export interface OnboardingFacts {
  /** GET /api/me */
  emailConfirmed: boolean;
  /** GET /api/profile: the labels of the fields still empty. */
  missingProfileFields: string[];
  /** GET /api/profile/verification */
  verificationStatus: Verification['status'];
  /** GET /api/dashboard: at least one confirmed entry. */
  hasEntry: boolean;
}

interface Step {
  id: string;
  title: string;
  done: boolean;
  /** What is left to do, or what was done. */
  text: string;
  /** Where the step is done. */
  to: string;
  action: string;
}

/** 'A', 'A e B', 'A, B e C'. */
function listed(items: readonly string[]): string {
  return items.length <= 1
    ? items.join('')
    : `${items.slice(0, -1).join(', ')} e ${items[items.length - 1]}`;
}

function stepsOf(facts: OnboardingFacts): Step[] {
  const { missingProfileFields: missing, verificationStatus: status } = facts;
  const verificationTexts: Record<Verification['status'], string> = {
    nao_enviado: 'Não enviado: envie uma foto do documento e uma selfie.',
    pendente: 'Seus documentos estão em análise.',
    rejeitado: 'A verificação foi recusada: confira o motivo e envie de novo.',
    verificado: 'Identidade verificada.',
  };
  return [
    {
      id: 'email',
      title: 'Confirmar e-mail',
      done: facts.emailConfirmed,
      text: facts.emailConfirmed
        ? 'E-mail confirmado.'
        : 'Abra o link que enviamos para o seu e-mail.',
      to: '/verify-email',
      action: 'Confirmar e-mail',
    },
    {
      id: 'profile',
      title: 'Completar perfil',
      done: missing.length === 0,
      text:
        missing.length === 0
          ? 'Dados pessoais e chave PIX preenchidos.'
          : `Falta preencher: ${listed(missing)}.`,
      to: '/profile?tab=perfil',
      action: 'Completar perfil',
    },
    {
      id: 'verification',
      title: 'Verificar identidade',
      done: status === 'verificado',
      text: verificationTexts[status],
      to: '/profile?tab=verificacao',
      action: status === 'pendente' ? 'Ver verificação' : 'Verificar identidade',
    },
    {
      id: 'entry',
      title: 'Primeira participação',
      done: facts.hasEntry,
      text: facts.hasEntry
        ? 'Você já está participando dos sorteios.'
        : 'Escolha uma sala aberta, pague a entrada e receba seu número da sorte.',
      to: '/participate',
      action: 'Participar',
    },
  ];
}

/** Every first step done: the dashboard shows its usual cards alone. */
export function onboardingComplete(facts: OnboardingFacts): boolean {
  return stepsOf(facts).every((step) => step.done);
}

/** 'Primeiros passos': a new player's four steps, each linking to where it is done. */
export function OnboardingChecklist({ facts }: { facts: OnboardingFacts }) {
  const steps = stepsOf(facts);
  const done = steps.filter((step) => step.done).length;
  return (
    <Card role="region" aria-labelledby="onboarding-title" className="border-primary/40">
      <CardHeader>
        <h2 id="onboarding-title" className="flex items-center gap-2 text-lg font-semibold">
          <ListChecks aria-hidden="true" className="size-5 text-primary" />
          Primeiros passos
        </h2>
        <CardDescription>
          Complete estes passos para entrar no seu primeiro sorteio.
        </CardDescription>
        <div className="flex items-center gap-3 pt-1">
          <div
            role="progressbar"
            aria-label="Primeiros passos concluídos"
            aria-valuemin={0}
            aria-valuemax={steps.length}
            aria-valuenow={done}
            className="h-2 flex-1 overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full bg-primary transition-all"
              style={{ width: `${(done / steps.length) * 100}%` }}
            />
          </div>
          <span className="text-sm text-muted-foreground tabular-nums">
            {done} de {steps.length} concluídos
          </span>
        </div>
      </CardHeader>
      <CardContent>
        <ol className="flex flex-col divide-y">
          {steps.map((step) => (
            <li
              key={step.id}
              aria-label={step.title}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="flex items-start gap-3">
                {step.done ? (
                  <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
                ) : (
                  <CircleDashed
                    aria-hidden="true"
                    className="mt-0.5 size-5 shrink-0 text-muted-foreground"
                  />
                )}
                <div className="flex flex-col gap-0.5">
                  <span className={cn('font-medium', step.done && 'text-muted-foreground')}>
                    {step.title}
                  </span>
                  <span className="text-sm text-muted-foreground">{step.text}</span>
                </div>
              </div>
              {step.done ? (
                <Badge variant="success" className="ml-8 sm:ml-0">
                  Concluído
                </Badge>
              ) : (
                <Button asChild size="sm" variant="outline" className="ml-8 w-fit sm:ml-0">
                  <Link to={step.to}>{step.action}</Link>
                </Button>
              )}
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
