import {
  DEFAULT_PRIVATE_ROOM_FEE_BP,
  DEFAULT_PUBLIC_ROOM_FEE_BP,
  formatFeePercent,
  legalDocuments,
} from '@sorteio/shared';
import { Link } from 'react-router';

import {
  LegalArticle,
  LegalList,
  LegalSection,
  LegalSubHeading,
  legalLinkClass,
} from '@/components/legal-document';
import { LegalMailLink, LegalWhatsAppLink } from '@/components/legal-links';
import { usePublicSettings } from '@/lib/config/get-public-settings';
import { OperatorLegalStanding } from '@/components/operator-legal-standing';
import { contact } from '@/lib/contact';

/** Regulamento dos Sorteios: how rooms, fees, draws, prizes and refunds work. */
export default function RulesPage() {
  // The fees quoted are the live settings, the same numbers new rooms are created with.
  const settings = usePublicSettings().data;
  const publicFeeBp = settings?.platformFeeBp ?? DEFAULT_PUBLIC_ROOM_FEE_BP;
  const privateFeeBp = settings?.privateRoomFeeBp ?? DEFAULT_PRIVATE_ROOM_FEE_BP;
  return (
    <LegalArticle document={legalDocuments.regulamento}>
      <div className="mt-6 space-y-4">
        <p>
          Este Regulamento explica como funcionam as salas e os sorteios do{' '}
          <strong>Sorteio Certo</strong>: como entrar, quanto custa, quando e como o vencedor é
          sorteado, como o prêmio é pago e o que acontece quando uma sala é cancelada. Ele faz parte
          dos{' '}
          <Link to={legalDocuments.termos.path} className={legalLinkClass}>
            Termos de Uso
          </Link>
          , que tratam da conta, do Saldo, do Cashback e dos saques.
        </p>
        <OperatorLegalStanding />
      </div>

      <LegalSection id="regulamento-quem-participa" title="1. Quem pode participar">
        <LegalList>
          <li>
            Pessoas com <strong>18 anos ou mais</strong>, com conta no Sorteio Certo e com a{' '}
            <strong>identidade verificada</strong> (foto do documento e selfie, em Perfil &gt;
            Verificação).
          </li>
          <li>
            Quem está em autoexclusão, ou ultrapassaria um limite de gastos definido em{' '}
            <Link to="/jogo-responsavel" className={legalLinkClass}>
              Jogo Responsável
            </Link>
            , não consegue entrar em salas enquanto a restrição durar.
          </li>
          <li>Contas da equipe da plataforma não participam dos sorteios.</li>
        </LegalList>
      </LegalSection>

      <LegalSection id="regulamento-salas" title="2. As salas">
        <p>Cada sorteio acontece em uma sala. Antes de entrar, a sala mostra:</p>
        <LegalList>
          <li>o valor da entrada;</li>
          <li>o número máximo de participantes e quantas vagas já foram ocupadas;</li>
          <li>a taxa da plataforma e o prêmio.</li>
        </LegalList>
        <LegalSubHeading>Salas públicas</LegalSubHeading>
        <p>
          Criadas pela nossa equipe, nas categorias Bronze, Prata, Ouro, Platina, Premium, Master e
          VIP Ultra, e abertas a qualquer jogador verificado em{' '}
          <Link to="/participate" className={legalLinkClass}>
            Participar
          </Link>
          .
        </p>
        <LegalSubHeading>Salas privadas</LegalSubHeading>
        <p>
          Criadas por um jogador, que escolhe o nome, o valor da entrada e o número máximo de
          participantes (de 2 a 100). Os convidados entram pelo código de 8 caracteres da sala ou
          pelo link de convite, e a sala tem um chat para os participantes. O criador pode fechar a
          sala para novas entradas e sortear. As regras de pagamento, sorteio, prêmio e reembolso
          são as mesmas das salas públicas.
        </p>
      </LegalSection>

      <LegalSection id="regulamento-entrada" title="3. Entrada e número da sorte">
        <LegalList>
          <li>
            Cada pessoa ocupa <strong>no máximo uma vaga por sala</strong> e recebe um{' '}
            <strong>número da sorte</strong>, único naquela sala. Ele aparece na sala e no seu
            Histórico.
          </li>
          <li>
            <strong>Pagamento com o saldo da conta:</strong> a entrada é descontada na hora
            (primeiro do Cashback, depois do Saldo) e a vaga fica confirmada.
          </li>
          <li>
            <strong>Pagamento por PIX:</strong> a vaga fica <strong>reservada</strong> enquanto o
            PIX não é pago, por até <strong>30 minutos</strong>. Cada código PIX vale 15 minutos;
            enquanto a reserva durar, você pode gerar um novo código. Se o pagamento não for
            confirmado até o fim da reserva, a vaga é liberada para outra pessoa.
          </li>
          <li>
            A vaga só é confirmada quando o provedor de pagamentos confirma o PIX. Um PIX que chega
            depois do fim da reserva, ou com valor diferente do cobrado, não se perde: o valor vai
            inteiro para o seu Saldo e avisamos você.
          </li>
          <li>
            Uma entrada confirmada vale para aquele sorteio e não pode ser desfeita pelo
            participante; ela só é devolvida nos casos da seção 7.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection id="regulamento-premio" title="4. Prêmio e taxa da plataforma">
        <LegalList>
          <li>
            As entradas confirmadas formam o <strong>montante da sala</strong>. No sorteio, a{' '}
            <strong>taxa da plataforma</strong> é descontada desse montante e o restante é o{' '}
            <strong>prêmio líquido</strong>, pago inteiro ao vencedor. Nada é cobrado além do valor
            da entrada.
          </li>
          <li>
            A taxa é um percentual definido em cada sala e mostrado nela antes da entrada. Hoje, o
            padrão é de <strong>{formatFeePercent(publicFeeBp)}</strong> nas novas salas públicas
            (podendo variar de sala para sala) e de{' '}
            <strong>{formatFeePercent(privateFeeBp)}</strong> nas salas privadas.
          </li>
          <li>
            Como a taxa é escolhida: ao criar uma sala pública, a equipe pode definir uma taxa
            própria para ela; se não definir, vale o padrão acima. A sala privada usa o padrão das
            salas privadas. Depois da primeira entrada, a taxa da sala não muda mais.
          </li>
          <li>
            Antes de pagar, cada sala mostra a entrada, a Taxa da Plataforma (percentual e valor) e
            o prêmio. O valor da taxa é o percentual sobre o montante, arredondado ao centavo (meio
            centavo para cima), e o prêmio é o montante menos a taxa: exatamente o que o sorteio
            lança no extrato. Se a sala for sorteada sem todas as vagas, a conta é a mesma sobre as
            entradas confirmadas.
          </li>
          <li>
            Exemplo: 10 entradas de R$ 10,00 formam R$ 100,00; com taxa de 15%, a plataforma fica
            com R$ 15,00 e o vencedor recebe R$ 85,00.
          </li>
          <li>
            Cada entrada confirmada também rende Cashback para quem entrou, conforme os Termos de
            Uso.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection id="regulamento-quando" title="5. Quando acontece o sorteio">
        <LegalList>
          <li>
            <strong>Sala completa:</strong> quando todas as vagas estão ocupadas e pagas, a sala
            fecha para novas entradas e é sorteada automaticamente.
          </li>
          <li>
            <strong>Sala fechada antes de lotar:</strong> a nossa equipe (nas salas públicas) ou o
            criador (nas salas privadas) pode fechar a sala e sortear entre as entradas já
            confirmadas. Vagas ainda aguardando PIX nesse momento são liberadas e não participam.
          </li>
          <li>
            São necessárias <strong>pelo menos 2 entradas confirmadas</strong>. Uma sala que fecha
            com menos de 2 é cancelada e reembolsada (seção 7).
          </li>
          <li>
            Cada sala é sorteada <strong>uma única vez</strong>. O resultado aparece na sala, no
            Histórico de cada participante e na página pública do sorteio, e todos os participantes
            recebem um e-mail.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection id="regulamento-como" title="6. Como o vencedor é escolhido e conferido">
        <p>
          O vencedor não é escolhido por ninguém: ele é <strong>calculado</strong> por um protocolo
          público de compromisso e revelação, que qualquer pessoa pode refazer.
        </p>
        <LegalList>
          <li>
            <strong>Quando a sala é criada</strong>, o servidor sorteia um segredo (a semente) e
            publica o <strong>compromisso</strong>, a impressão digital (SHA-256) da semente, antes
            de qualquer entrada.
          </li>
          <li>
            <strong>Quando a sala fecha</strong>, a lista dos números da sorte das entradas
            confirmadas é congelada, em ordem crescente.
          </li>
          <li>
            Uma <strong>fórmula pública</strong> combina a semente, o código da sala, a lista e,
            quando configurado, um número aleatório público (beacon) publicado depois do
            congelamento da lista. O resultado é uma posição da lista, com a mesma chance para
            todos; o número nessa posição vence. Tudo é selado com o <strong>hash de prova</strong>.
          </li>
          <li>
            <strong>Depois do sorteio a semente é revelada.</strong> Na página de cada sorteio, em{' '}
            <Link to="/sorteios" className={legalLinkClass}>
              Sorteios verificáveis
            </Link>
            , o seu navegador refaz todas as contas, e você pode baixar a prova para conferir por
            conta própria. Confira se o seu número está na lista.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection
        id="regulamento-pagamento"
        title="7. Pagamento do prêmio, cancelamento e reembolso"
      >
        <LegalSubHeading>Prêmio</LegalSubHeading>
        <LegalList>
          <li>
            O prêmio é enviado <strong>automaticamente por PIX</strong> para a chave PIX cadastrada
            no perfil do vencedor, logo após o sorteio.
          </li>
          <li>
            Se o vencedor não tiver chave PIX cadastrada, ou se o banco recusar o PIX (ou ele
            continuar falhando depois de várias tentativas), o prêmio é creditado no{' '}
            <strong>Saldo</strong> do vencedor, que é avisado e pode sacá-lo por PIX ou usá-lo em
            outras salas.
          </li>
        </LegalList>
        <LegalSubHeading>Cancelamento e reembolso</LegalSubHeading>
        <LegalList>
          <li>
            Uma sala pode ser cancelada pela nossa equipe antes do sorteio (por exemplo, por falha
            técnica ou suspeita de fraude), ou é cancelada automaticamente quando fecha com menos de
            2 entradas confirmadas.
          </li>
          <li>
            No cancelamento, <strong>cada entrada confirmada é reembolsada integralmente</strong> no
            Saldo de quem pagou, sem desconto de taxa, e as vagas aguardando PIX são liberadas. Um
            PIX que ainda chegar depois disso também vai para o Saldo.
          </li>
          <li>Uma sala já sorteada não é cancelada nem sorteada de novo.</li>
        </LegalList>
      </LegalSection>

      <LegalSection id="regulamento-contestacao" title="8. Dúvidas e contestações">
        <p>
          Se algo não parecer certo (uma verificação que não confere na página do sorteio, um prêmio
          não recebido, uma entrada paga e não confirmada, um reembolso), fale conosco em até{' '}
          <strong>90 dias</strong> do sorteio ou do pagamento, informando o código da sala ou do
          sorteio e, se houver, o identificador do PIX:
        </p>
        <LegalList>
          <li>
            <Link to="/support" className={legalLinkClass}>
              Central de Suporte
            </Link>{' '}
            (chat, com atendimento humano);
          </li>
          <li>
            e-mail <LegalMailLink address={contact.email} />;
          </li>
          <li>
            WhatsApp <LegalWhatsAppLink />.
          </li>
        </LegalList>
        <p>
          Respondemos em até <strong>2 dias úteis</strong> e damos a decisão final, por escrito e
          com os dados que a justificam, em até <strong>10 dias úteis</strong>. Se a contestação for
          procedente, corrigimos o valor no seu Saldo ou por PIX. Você também pode recorrer ao{' '}
          <a
            href="https://www.consumidor.gov.br"
            target="_blank"
            rel="noreferrer"
            className={legalLinkClass}
          >
            consumidor.gov.br
          </a>
          , ao Procon ou ao Judiciário.
        </p>
      </LegalSection>

      <LegalSection id="regulamento-geral" title="9. Disposições gerais">
        <LegalList>
          <li>
            Os seus dados são tratados conforme a{' '}
            <Link to="/privacy" className={legalLinkClass}>
              Política de Privacidade
            </Link>
            . A página pública de um sorteio mostra apenas os números da sorte, o primeiro nome do
            vencedor e os dados da prova, nunca CPF, e-mail, telefone ou chave PIX.
          </li>
          <li>
            Cada versão deste Regulamento tem número e data de início, mostrados no topo da página.
            Cada entrada segue a versão em vigor quando foi confirmada.
          </li>
        </LegalList>
      </LegalSection>
    </LegalArticle>
  );
}
