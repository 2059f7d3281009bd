import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { LucideIcon } from 'lucide-react';
import {
  ArrowRight,
  Bot,
  CirclePlay,
  Gift,
  LifeBuoy,
  ShieldCheck,
  Ticket,
  Trophy,
  UserPlus,
  Wallet,
} from 'lucide-react';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { contact } from '@/lib/contact';

interface Step {
  icon: LucideIcon;
  title: string;
  summary: string;
  body: ReactNode;
}

const inlineLink = 'font-medium text-primary underline underline-offset-4 hover:opacity-80';

const steps: readonly Step[] = [
  {
    icon: UserPlus,
    title: 'Cadastre-se e faça login',
    summary: 'Crie sua conta e verifique sua identidade.',
    body: (
      <>
        <p>
          Clique em <strong>Criar Conta Grátis</strong>, informe seu e-mail e crie uma senha forte.
          Confirme o e-mail pelo link que enviamos para a sua caixa de entrada e, em seguida, entre
          com seu e-mail e senha.
        </p>
        <p>
          Antes de participar de qualquer sala, complete o seu perfil (nome, CPF, data de
          nascimento, telefone, endereço e chave PIX) e envie a foto do seu documento e uma selfie
          em <strong>Perfil &gt; Verificação</strong>. A plataforma é exclusiva para maiores de 18
          anos.
        </p>
      </>
    ),
  },
  {
    icon: Wallet,
    title: 'Adicione saldo via PIX',
    summary: 'Deixe saldo na carteira ou pague cada entrada na hora.',
    body: (
      <>
        <p>
          Na página <strong>Cashback</strong>, escolha adicionar saldo, informe o valor (mínimo de{' '}
          <strong>R$ 1,00</strong>) e pague o QR Code ou o código PIX copia e cola no aplicativo do
          seu banco. O valor aparece no seu <strong>Saldo</strong> assim que o pagamento é
          confirmado.
        </p>
        <p>
          Se preferir, você não precisa manter saldo: também é possível pagar cada entrada
          diretamente por PIX no momento em que entrar na sala.
        </p>
      </>
    ),
  },
  {
    icon: Ticket,
    title: 'Participe dos sorteios',
    summary: 'Escolha uma sala, pague a entrada e receba seu número da sorte.',
    body: (
      <>
        <p>
          Em <strong>Participar</strong>, escolha uma sala pública (bronze, prata, ouro, platina,
          premium, master ou VIP ultra) ou entre em uma sala privada pelo link de convite que você
          recebeu. Pague a entrada com seu Saldo, com Cashback ou por PIX e receba o seu{' '}
          <strong>número da sorte</strong>.
        </p>
        <p>
          Quando a sala é criada, publicamos um compromisso (o hash SHA-256 de uma semente secreta);
          depois do sorteio, a semente é revelada. Assim, qualquer pessoa pode conferir o resultado
          em{' '}
          <Link to="/sorteios" className={inlineLink}>
            /sorteios
          </Link>
          .
        </p>
      </>
    ),
  },
  {
    icon: Trophy,
    title: 'Ganhe prêmios e saque via PIX',
    summary: 'O prêmio vai direto para a sua chave PIX.',
    body: (
      <>
        <p>
          Se o seu número for sorteado, o prêmio líquido é pago por PIX para a chave PIX cadastrada
          no seu perfil. Por isso, mantenha a sua chave sempre correta e atualizada.
        </p>
        <p>
          O seu Saldo pode ser sacado a qualquer momento por PIX para uma chave em seu próprio nome,
          na página <strong>Cashback</strong>. Já o Cashback serve apenas para novas entradas e não
          pode ser sacado.
        </p>
      </>
    ),
  },
];

interface Tip {
  icon: LucideIcon;
  title: string;
  body: ReactNode;
}

const tips: readonly Tip[] = [
  {
    icon: ShieldCheck,
    title: 'Segurança',
    body: (
      <>
        <p>
          Ative a verificação em duas etapas (2FA) em <strong>Perfil &gt; Segurança</strong> usando
          um aplicativo autenticador. Nunca compartilhe sua senha nem os códigos do aplicativo com
          ninguém: a nossa equipe nunca pede esses dados.
        </p>
        <p>No registro de segurança do perfil você acompanha os acessos recentes à sua conta.</p>
      </>
    ),
  },
  {
    icon: Bot,
    title: 'Suporte com IA',
    body: (
      <>
        <p>
          Ficou com alguma dúvida? O nosso assistente com inteligência artificial responde na hora
          em{' '}
          <Link to="/support" className={inlineLink}>
            /support
          </Link>
          .
        </p>
        <p>
          Se precisar, fale também com a equipe pelo e-mail{' '}
          <a href={`mailto:${contact.email}`} className={inlineLink}>
            {contact.email}
          </a>{' '}
          ou pelo WhatsApp{' '}
          <a href={contact.whatsappLink} target="_blank" rel="noreferrer" className={inlineLink}>
            {contact.whatsapp}
          </a>
          .
        </p>
      </>
    ),
  },
  {
    icon: Gift,
    title: 'Cashback',
    body: (
      <>
        <p>
          Cashback são créditos oferecidos pela plataforma, por exemplo em promoções. Eles aparecem
          separados do Saldo na carteira e podem ser usados para pagar entradas nos sorteios.
        </p>
        <p>
          O Cashback não pode ser sacado: para receber dinheiro por PIX, use o seu Saldo ou os
          prêmios.
        </p>
      </>
    ),
  },
];

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
