import { legalDocuments } from '@sorteio/shared';
import { Link } from 'react-router';

import {
  LegalArticle,
  LegalList,
  LegalSection,
  LegalSubHeading,
  legalLinkClass,
} from '@/components/legal-document';
import { LegalMailLink, LegalWhatsAppLink } from '@/components/legal-links';
import { OperatorLegalStanding } from '@/components/operator-legal-standing';
import { contact } from '@/lib/contact';

/** Termos de Uso: the contract between the player and the operator (version in packages/shared). */
export default function TermsPage() {
  return (
    <LegalArticle document={legalDocuments.termos}>
      <div className="mt-6 space-y-4">
        <p>
          Estes Termos de Uso regem o uso da plataforma <strong>Sorteio Certo</strong>: o cadastro,
          a conta, os pagamentos por PIX, o Saldo, o Cashback, os saques e o atendimento. As regras
          de cada sala e de cada sorteio estão no{' '}
          <Link to={legalDocuments.regulamento.path} className={legalLinkClass}>
            Regulamento dos Sorteios
          </Link>
          , que faz parte destes Termos. O tratamento dos seus dados pessoais está na{' '}
          <Link to="/privacy" className={legalLinkClass}>
            Política de Privacidade
          </Link>
          .
        </p>
        <p>
          Ao criar a sua conta, você declara que leu e aceita estes Termos e o Regulamento.
          Guardamos a versão que você aceitou, a data, a hora e o endereço IP do aceite. A empresa
          que opera a plataforma (razão social, CNPJ e endereço) aparece no rodapé de todas as
          páginas.
        </p>
        <OperatorLegalStanding />
      </div>

      <LegalSection id="termos-quem-pode" title="1. Quem pode usar">
        <LegalList>
          <li>
            A plataforma é <strong>proibida para menores de 18 anos</strong>. Conferimos a idade na
            verificação de identidade; a conta de uma pessoa menor de idade é encerrada.
          </li>
          <li>
            Cada pessoa pode ter <strong>uma única conta</strong>, em seu próprio nome, com dados
            verdadeiros e atualizados (nome, CPF, telefone, data de nascimento e endereço).
          </li>
          <li>
            Antes de entrar em qualquer sala ou de sacar, você precisa{' '}
            <strong>verificar a sua identidade</strong> em Perfil &gt; Verificação, com a foto de um
            documento (RG, CNH ou CPF) e uma selfie. A análise automática costuma ser imediata;
            quando ela não consegue decidir, a nossa equipe revisa o pedido.
          </li>
          <li>
            A chave PIX cadastrada no seu perfil deve ser sua. Ela recebe os seus prêmios e saques,
            e não pode ser a mesma de outra conta.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection id="termos-conta" title="2. Sua conta e a segurança dela">
        <LegalList>
          <li>
            Você é responsável por manter a sua senha em segredo e por tudo o que for feito com a
            sua conta. Recomendamos ativar a verificação em duas etapas (2FA) em Perfil &gt;
            Segurança.
          </li>
          <li>
            Em Perfil você encontra o registro de segurança da conta (acessos, alterações e
            tentativas suspeitas) e as sessões abertas, que pode encerrar a qualquer momento.
          </li>
          <li>
            Se suspeitar de uso indevido, troque a senha e fale com o suporte imediatamente (seção
            9).
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection id="termos-servico" title="3. O que a plataforma oferece">
        <p>
          O Sorteio Certo organiza sorteios pagos em <strong>salas</strong>. Cada participante paga
          o valor de entrada da sala, recebe um <strong>número da sorte</strong> e, quando a sala
          fecha, um vencedor é sorteado por um protocolo público que qualquer pessoa pode conferir
          em{' '}
          <Link to="/sorteios" className={legalLinkClass}>
            Sorteios verificáveis
          </Link>
          . O prêmio é o total das entradas confirmadas menos a taxa da plataforma, e é pago por
          PIX. Há salas públicas, criadas pela nossa equipe, e salas privadas, criadas por jogadores
          para jogar com amigos. Os detalhes estão no Regulamento dos Sorteios.
        </p>
      </LegalSection>

      <LegalSection id="termos-dinheiro" title="4. Pagamentos, Saldo e Cashback">
        <LegalList>
          <li>
            Os valores são em reais (R$). As entradas e os depósitos são pagos por{' '}
            <strong>PIX</strong> (QR Code ou código &quot;copia e cola&quot;). Um pagamento só é
            considerado feito quando o provedor de pagamentos o confirma.
          </li>
          <li>
            O <strong>Saldo</strong> é o seu dinheiro na plataforma: depósitos por PIX, prêmios que
            não puderam ser enviados por PIX, reembolsos e pagamentos que chegaram depois do prazo
            da reserva. O Saldo pode ser usado para pagar entradas ou{' '}
            <strong>sacado por PIX</strong>.
          </li>
          <li>
            O <strong>Cashback</strong> é um crédito da plataforma: a cada entrada confirmada, um
            percentual do valor pago (mostrado na tela Cashback) é creditado para você. O Cashback
            serve <strong>somente para pagar entradas</strong> e{' '}
            <strong>não pode ser sacado</strong> nem transferido. Ao pagar uma entrada com o saldo
            da conta, usamos primeiro o Cashback e depois o Saldo.
          </li>
          <li>Todas as movimentações aparecem no seu extrato, com data, valor e descrição.</li>
        </LegalList>
      </LegalSection>

      <LegalSection id="termos-saques" title="5. Saques">
        <LegalList>
          <li>
            O saque é feito por PIX,{' '}
            <strong>somente para a chave PIX cadastrada no seu perfil</strong>, e exige a identidade
            verificada.
          </li>
          <li>
            Cada saque tem um valor mínimo e um valor máximo, mostrados na tela de saque. Hoje eles
            são de <strong>R$ 10,00</strong> e <strong>R$ 10.000,00</strong> por saque; se mudarem,
            os novos valores aparecem na tela antes de você confirmar.
          </li>
          <li>
            Só o Saldo pode ser sacado; o Cashback não. Se o banco recusar o PIX, o valor volta
            inteiro para o seu Saldo e avisamos você.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection id="termos-jogo-responsavel" title="6. Jogo responsável">
        <p>
          Sorteios são entretenimento, não uma forma de ganhar dinheiro. Jogue somente com valores
          que você pode perder. Em{' '}
          <Link to="/jogo-responsavel" className={legalLinkClass}>
            Jogo Responsável
          </Link>{' '}
          você pode, a qualquer momento:
        </p>
        <LegalList>
          <li>
            definir <strong>limites de depósito e de gastos com entradas</strong> por dia, semana ou
            mês. Um limite reduzido vale na hora; um aumento ou a retirada de um limite só vale
            depois de 24 horas;
          </li>
          <li>ativar lembretes do tempo que você passa na plataforma;</li>
          <li>
            pedir a <strong>autoexclusão</strong> por 1, 3 ou 6 meses, ou por tempo indeterminado.
            Durante a autoexclusão você não pode entrar em salas nem depositar, e ela não pode ser
            encurtada nem desfeita antes do fim do prazo.
          </li>
        </LegalList>
        <p>
          Se o jogo estiver trazendo prejuízos para você ou para a sua família, procure ajuda: o CVV
          atende gratuitamente pelo telefone 188.
        </p>
      </LegalSection>

      <LegalSection id="termos-proibido" title="7. O que não é permitido">
        <LegalList>
          <li>criar mais de uma conta ou usar a conta, os dados ou a chave PIX de outra pessoa;</li>
          <li>
            usar a plataforma para lavar dinheiro, fraudar pagamentos ou contestar pagamentos
            legítimos;
          </li>
          <li>
            tentar interferir nos sorteios, no funcionamento da plataforma ou na conta de outros
            jogadores, inclusive com programas automáticos;
          </li>
          <li>
            publicar no chat das salas privadas ou no suporte conteúdo ofensivo, discriminatório,
            ilegal ou propaganda.
          </li>
        </LegalList>
        <p>
          Nesses casos podemos suspender a conta enquanto apuramos o ocorrido, cancelar as
          participações envolvidas e comunicar as autoridades quando a lei exigir. Você é avisado e
          pode apresentar a sua defesa pelos canais da seção 9.
        </p>
      </LegalSection>

      <LegalSection id="termos-encerramento" title="8. Encerramento da conta">
        <LegalList>
          <li>
            Você pode excluir a sua conta em Perfil &gt; <strong>Excluir minha conta</strong>. Os
            seus dados pessoais são anonimizados; os registros financeiros, o registro de segurança
            e o registro do aceite destes Termos são mantidos pelo prazo exigido por lei.{' '}
            <strong>Saque o seu Saldo antes de excluir a conta.</strong>
          </li>
          <li>
            Uma conta suspensa não consegue entrar na plataforma enquanto a suspensão durar. Você é
            avisado do motivo e pode contestá-la pelos canais da seção 9.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection id="termos-atendimento" title="9. Atendimento, reclamações e contestações">
        <p>Fale conosco por qualquer um destes canais:</p>
        <LegalList>
          <li>
            <strong>Chat de suporte:</strong>{' '}
            <Link to="/support" className={legalLinkClass}>
              Central de Suporte
            </Link>{' '}
            (abre um atendimento com a nossa equipe quando o assistente não resolve);
          </li>
          <li>
            <strong>E-mail:</strong> <LegalMailLink address={contact.email} />;
          </li>
          <li>
            <strong>WhatsApp:</strong> <LegalWhatsAppLink />.
          </li>
        </LegalList>
        <LegalSubHeading>Prazos</LegalSubHeading>
        <LegalList>
          <li>
            Respondemos a qualquer mensagem em até <strong>2 dias úteis</strong> e damos a solução
            final em até <strong>10 dias úteis</strong>, contados do recebimento.
          </li>
          <li>
            Contestações de um sorteio, de um prêmio, de uma cobrança ou de um reembolso podem ser
            feitas em até <strong>90 dias</strong> da data do fato. Informe o código da sala ou do
            sorteio e, se houver, o identificador do PIX.
          </li>
          <li>
            Se não ficar satisfeito com a resposta, você pode registrar a reclamação no{' '}
            <a
              href="https://www.consumidor.gov.br"
              target="_blank"
              rel="noreferrer"
              className={legalLinkClass}
            >
              consumidor.gov.br
            </a>{' '}
            ou no Procon da sua cidade, sem prejuízo de recorrer ao Judiciário.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection id="termos-disponibilidade" title="10. Disponibilidade e responsabilidade">
        <p>
          Trabalhamos para manter a plataforma no ar o tempo todo, mas ela pode ficar indisponível
          para manutenção ou por falhas de terceiros (como bancos, o sistema PIX ou a internet). Uma
          indisponibilidade não apaga nada: as vagas, os pagamentos confirmados e o Saldo são
          mantidos. Não respondemos por atrasos causados pelo seu banco ou por uma chave PIX
          informada errada, mas o valor de um PIX que não for concluído sempre volta para o seu
          Saldo.
        </p>
      </LegalSection>

      <LegalSection id="termos-privacidade" title="11. Privacidade e proteção de dados">
        <p>
          Tratamos os seus dados conforme a Lei Geral de Proteção de Dados (LGPD) e a nossa{' '}
          <Link to="/privacy" className={legalLinkClass}>
            Política de Privacidade
          </Link>
          . Em Perfil você pode baixar todos os seus dados, inclusive o registro dos aceites destes
          Termos e do Regulamento, e corrigir os seus dados de cadastro.
        </p>
      </LegalSection>

      <LegalSection id="termos-alteracoes" title="12. Alterações destes Termos e lei aplicável">
        <p>
          Podemos atualizar estes Termos. Cada versão tem um número e uma data de início, mostrados
          no topo desta página. Avisaremos as mudanças relevantes pela plataforma ou por e-mail
          antes de elas valerem; as participações já confirmadas seguem as regras da versão em vigor
          quando foram feitas.
        </p>
        <p>
          Estes Termos seguem as leis brasileiras, incluindo o Código de Defesa do Consumidor. Fica
          eleito o foro do domicílio do consumidor.
        </p>
      </LegalSection>
    </LegalArticle>
  );
}
