import { Link } from 'react-router';

import {
  LegalList,
  LegalSection,
  LegalSubHeading,
  legalLinkClass,
} from '@/components/legal-document';
import { LegalMailLink, LegalWhatsAppLink } from '@/components/legal-links';
import { contact } from '@/lib/contact';

export default function PrivacyPage() {
  return (
    <div className="bg-background text-foreground">
      <article className="mx-auto w-full max-w-3xl px-4 py-10 text-base leading-relaxed sm:px-6 sm:py-14">
        <header className="space-y-3">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Política de Privacidade</h1>
          <p className="text-sm text-muted-foreground">Última atualização: janeiro de 2025</p>
        </header>

        <div className="mt-6 space-y-4">
          <p>
            Esta Política de Privacidade explica como o <strong>Sorteio Certo</strong> coleta, usa,
            protege e compartilha os seus dados pessoais quando você usa a nossa plataforma de
            sorteios, e quais são os seus direitos. Ela segue a Lei Geral de Proteção de Dados
            Pessoais (LGPD, Lei nº 13.709/2018).
          </p>
          <p>
            O Sorteio Certo é destinado <strong>exclusivamente a maiores de 18 anos</strong>. Não
            coletamos intencionalmente dados de crianças ou adolescentes. Se identificarmos uma
            conta de pessoa menor de idade, ela será encerrada e os dados serão eliminados, exceto
            aqueles que a lei nos obriga a guardar.
          </p>
        </div>

        <LegalSection id="privacidade-dados-coletados" title="1. Dados que coletamos">
          <p>Coletamos apenas os dados necessários para oferecer o serviço com segurança:</p>
          <LegalList>
            <li>
              <strong>Dados de cadastro:</strong> e-mail, nome completo, CPF, telefone, data de
              nascimento, endereço e chave PIX (usada para pagar prêmios e saques).
            </li>
            <li>
              <strong>Dados de verificação de identidade:</strong> foto do seu documento de
              identificação e uma selfie, usadas para confirmar que você é quem diz ser e que tem 18
              anos ou mais.
            </li>
            <li>
              <strong>Dados de uso e de acesso:</strong> endereço IP, cidade e estado aproximados
              (estimados a partir do IP), tipo de navegador e dispositivo, data e hora de acesso,
              registros de acesso e registros de segurança (como logins, falhas de login e
              alterações de senha ou da verificação em duas etapas).
            </li>
            <li>
              <strong>Dados financeiros e de participação:</strong> salas de que você participa,
              números da sorte, pagamentos de entradas, valores adicionados ao Saldo, Cashback
              recebido e usado, prêmios e saques.
            </li>
            <li>
              <strong>Mensagens:</strong> o que você escreve no chat das salas privadas e nas
              conversas com o suporte, incluindo o assistente com inteligência artificial.
            </li>
          </LegalList>
          <LegalSubHeading>Cookies</LegalSubHeading>
          <p>
            Usamos apenas <strong>cookies essenciais de sessão</strong>, necessários para manter
            você conectado e proteger a sua conta. Não usamos cookies de publicidade nem de
            rastreamento de terceiros.
          </p>
        </LegalSection>

        <LegalSection id="privacidade-uso" title="2. Como usamos seus dados">
          <p>
            Usamos os seus dados para finalidades específicas, cada uma com uma base legal prevista
            na LGPD:
          </p>
          <LegalList>
            <li>
              <strong>Execução do contrato:</strong> criar e manter sua conta, registrar suas
              participações, gerar seus números da sorte, realizar os sorteios, processar pagamentos
              e pagar prêmios e saques por PIX, e responder aos seus pedidos de suporte.
            </li>
            <li>
              <strong>Cumprimento de obrigação legal:</strong> verificar a sua identidade e idade,
              prevenir a lavagem de dinheiro e manter os registros financeiros e de acesso exigidos
              por lei.
            </li>
            <li>
              <strong>Legítimo interesse:</strong> proteger a sua conta e a plataforma, detectar e
              prevenir fraudes, acessos indevidos e uso abusivo, sempre respeitando os seus direitos
              e expectativas.
            </li>
            <li>
              <strong>Consentimento:</strong> enviar comunicações de marketing, como novidades e
              promoções. Você pode revogar esse consentimento a qualquer momento, sem prejuízo ao
              uso da plataforma.
            </li>
          </LegalList>
          <p>
            A selfie e a foto do documento podem envolver dados biométricos, que a LGPD considera
            dados pessoais sensíveis. Nós os tratamos somente para prevenir fraudes e garantir a sua
            segurança no processo de identificação, conforme permite a lei.
          </p>
          <p>
            A verificação automática é feita nos nossos próprios servidores, sem enviar suas imagens
            a terceiros: procuramos o rosto na selfie e no documento, comparamos os dois, lemos o
            CPF e a data de nascimento impressos no documento e conferimos nitidez, iluminação e se
            as imagens já foram usadas por outra conta. As medidas biométricas do rosto existem
            apenas durante essa análise e <strong>não são guardadas</strong>: guardamos somente o
            resultado de cada conferência e sua pontuação, para a equipe revisar os casos que a
            verificação automática não conseguiu decidir. As fotos são guardadas sem metadados (como
            localização GPS e dados da câmera). Ao excluir sua conta, as fotos, os resultados da
            verificação e as marcas usadas para reconhecer imagens repetidas são apagados.
          </p>
          <p>
            Na página pública de cada sorteio, exibimos apenas o necessário para que qualquer pessoa
            possa conferir o resultado (como o compromisso, a semente revelada, os números da sorte
            e o número vencedor). Nunca publicamos seu CPF, e-mail, telefone, endereço, documentos
            ou chave PIX.
          </p>
          <LegalSubHeading>Por quanto tempo guardamos seus dados</LegalSubHeading>
          <p>
            Mantemos os seus dados enquanto a sua conta estiver ativa. Os registros financeiros
            (participações, pagamentos, prêmios e saques) são guardados pelo prazo exigido por lei,
            de pelo menos 5 anos, mesmo após a exclusão da conta. Os registros de acesso são
            guardados por no mínimo 6 meses, como determina o Marco Civil da Internet (Lei nº
            12.965/2014). Quando você exclui a sua conta, os seus dados pessoais são anonimizados e
            os registros que precisamos manter deixam de identificar você diretamente, ficando
            disponíveis apenas para cumprir essas obrigações.
          </p>
        </LegalSection>

        <LegalSection id="privacidade-protecao" title="3. Como protegemos seus dados">
          <p>Adotamos medidas técnicas e administrativas para proteger as suas informações:</p>
          <LegalList>
            <li>
              Toda a comunicação com a plataforma é criptografada com <strong>HTTPS</strong>.
            </li>
            <li>
              As senhas são guardadas somente na forma de <strong>hash</strong>: ninguém, nem mesmo
              a nossa equipe, consegue ver a sua senha.
            </li>
            <li>
              Você pode ativar a <strong>verificação em duas etapas (2FA)</strong> com um aplicativo
              autenticador em Perfil &gt; Segurança.
            </li>
            <li>
              As fotos do documento e a selfie ficam em <strong>armazenamento privado</strong>,
              acessível apenas a você e à equipe autorizada responsável pela verificação.
            </li>
            <li>
              Mantemos um <strong>registro de segurança</strong>, que você pode consultar no seu
              perfil, com os acessos e as alterações importantes da sua conta.
            </li>
            <li>
              O acesso interno aos dados é restrito às pessoas que precisam deles para realizar o
              seu trabalho.
            </li>
          </LegalList>
          <p>
            Nenhum sistema é totalmente imune a falhas. Se ocorrer um incidente de segurança que
            possa trazer risco ou dano relevante a você, comunicaremos o fato a você e à Autoridade
            Nacional de Proteção de Dados (ANPD), como determina a LGPD.
          </p>
        </LegalSection>

        <LegalSection id="privacidade-compartilhamento" title="4. Compartilhamento de dados">
          <p>
            <strong>Nunca vendemos os seus dados pessoais.</strong> Compartilhamos dados apenas
            quando é necessário, e somente o mínimo indispensável:
          </p>
          <LegalList>
            <li>
              <strong>Provedor de pagamentos PIX:</strong> para gerar as cobranças das entradas e
              dos depósitos e para enviar prêmios e saques para a sua chave PIX.
            </li>
            <li>
              <strong>Prestadores de serviços de tecnologia</strong> que operam a plataforma em
              nosso nome (como hospedagem e envio de e-mails), obrigados por contrato a usar os
              dados apenas para prestar o serviço e a protegê-los.
            </li>
            <li>
              <strong>Autoridades públicas:</strong> quando exigido por lei, por ordem judicial ou
              por requisição de autoridade competente, por exemplo para prevenção à lavagem de
              dinheiro e a fraudes.
            </li>
          </LegalList>
          <p>
            Nas salas privadas, os demais participantes veem o seu nome de exibição e as mensagens
            que você envia no chat.
          </p>
        </LegalSection>

        <LegalSection id="privacidade-direitos" title="5. Seus direitos">
          <p>A LGPD garante a você, como titular dos dados, os seguintes direitos:</p>
          <LegalList>
            <li>
              <strong>Confirmação e acesso:</strong> saber se tratamos os seus dados e obter uma
              cópia deles.
            </li>
            <li>
              <strong>Correção:</strong> corrigir dados incompletos, inexatos ou desatualizados.
            </li>
            <li>
              <strong>Anonimização, bloqueio ou eliminação:</strong> de dados desnecessários,
              excessivos ou tratados em desacordo com a LGPD, e eliminação dos dados tratados com
              base no seu consentimento.
            </li>
            <li>
              <strong>Portabilidade:</strong> receber os seus dados em formato estruturado para
              levá-los a outro fornecedor.
            </li>
            <li>
              <strong>Informação sobre compartilhamento:</strong> saber com quais entidades públicas
              e privadas compartilhamos os seus dados.
            </li>
            <li>
              <strong>Revogação do consentimento:</strong> retirar a qualquer momento o
              consentimento dado, por exemplo para comunicações de marketing, e ser informado sobre
              as consequências de não consentir.
            </li>
            <li>
              <strong>Oposição:</strong> opor-se a um tratamento feito com base em outra hipótese
              legal, como o legítimo interesse, se ele não cumprir a LGPD.
            </li>
          </LegalList>
          <LegalSubHeading>Como exercer seus direitos</LegalSubHeading>
          <p>Muitos pedidos podem ser feitos diretamente na plataforma, no seu Perfil:</p>
          <LegalList>
            <li>
              <strong>Baixar meus dados:</strong> baixa um arquivo JSON com todos os seus dados.
            </li>
            <li>
              <strong>Excluir minha conta:</strong> anonimiza os seus dados pessoais, mantendo
              apenas os registros financeiros que a lei nos obriga a guardar.
            </li>
            <li>
              <strong>Perfil &gt; Dados pessoais:</strong> permite corrigir os seus dados de
              cadastro.
            </li>
          </LegalList>
          <p>
            Para os demais pedidos, ou se preferir, escreva para o nosso encarregado de proteção de
            dados (DPO) em <LegalMailLink address={contact.dpoEmail} />. Para proteger você, podemos
            pedir uma confirmação de identidade antes de atender ao pedido. Respondemos em até{' '}
            <strong>15 dias</strong>.
          </p>
          <p>
            Se entender que os seus direitos não foram atendidos, você também pode apresentar uma
            reclamação à Autoridade Nacional de Proteção de Dados (
            <a
              href="https://www.gov.br/anpd"
              target="_blank"
              rel="noreferrer"
              className={legalLinkClass}
            >
              ANPD
            </a>
            ).
          </p>
        </LegalSection>

        <LegalSection id="privacidade-contato" title="6. Contato">
          <p>Fale conosco sobre privacidade ou sobre qualquer outro assunto:</p>
          <LegalList>
            <li>
              <strong>Encarregado de proteção de dados (DPO):</strong>{' '}
              <LegalMailLink address={contact.dpoEmail} />
            </li>
            <li>
              <strong>E-mail do suporte:</strong> <LegalMailLink address={contact.email} />
            </li>
            <li>
              <strong>WhatsApp:</strong> <LegalWhatsAppLink />
            </li>
            <li>
              <strong>Suporte com IA:</strong>{' '}
              <Link to="/support" className={legalLinkClass}>
                Abrir o chat de suporte
              </Link>
            </li>
          </LegalList>
          <p className="text-sm text-muted-foreground">
            Podemos atualizar esta política de tempos em tempos. Quando houver mudanças relevantes,
            avisaremos você pela plataforma ou por e-mail, e a data no topo desta página será
            atualizada.
          </p>
        </LegalSection>
      </article>
    </div>
  );
}
