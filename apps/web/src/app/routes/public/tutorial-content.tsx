/** The text of the tutorial page (/tutorial): its four steps and its tips. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { LucideIcon } from 'lucide-react';
import { Bot, Gift, ShieldCheck, Ticket, Trophy, UserPlus, Wallet } from 'lucide-react';

import { contact } from '@/lib/contact';

interface Step {
  icon: LucideIcon;
  title: string;
  summary: string;
  body: ReactNode;
}

const inlineLink = 'font-medium text-primary underline underline-offset-4 hover:opacity-80';

export const steps: readonly Step[] = [
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

export const tips: readonly Tip[] = [
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
