import { Link } from 'react-router';
import { Card } from '@/components/ui/card';

export const PROTOCOL_TITLE = 'O protocolo do sorteio';

const inlineLink = 'font-medium text-primary underline underline-offset-4 hover:opacity-80';

/** What each check of the verification page proves (docs/draw-protocol.md, first part). */
const checks: readonly [string, string][] = [
  [
    'A semente revelada corresponde ao compromisso publicado',
    'A semente usada é a mesma cuja impressão digital foi publicada quando a sala abriu.',
  ],
  [
    'O compromisso foi publicado antes do sorteio',
    'A data de publicação do compromisso é anterior à data do sorteio.',
  ],
  [
    'A lista de participantes está em ordem',
    'A lista está na ordem crescente obrigatória: ninguém pôde arrumar a ordem para favorecer alguém.',
  ],
  [
    'A lista de participantes corresponde ao resumo (digest)',
    'A lista mostrada é exatamente a usada no sorteio, sem número a mais nem a menos. Confira se o seu número está nela.',
  ],
  [
    'A posição do vencedor foi calculada corretamente',
    'Refazendo a fórmula com a semente, a sala, a lista e o beacon, sai a mesma posição.',
  ],
  [
    'O número vencedor é o da posição sorteada',
    'O número anunciado é o que está nessa posição da lista.',
  ],
  [
    'O hash de prova confere',
    'O selo final, que junta todos os dados acima, bate com o que foi registrado no sorteio.',
  ],
];

/**
 * /protocolo: the draw protocol for players, in the product (the pt-BR part of
 * docs/draw-protocol.md), with what it guarantees and what it does not.
 */
export default function ProtocolPage() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{PROTOCOL_TITLE}</h1>
        <p className="text-muted-foreground">
          Como o vencedor é calculado e como qualquer pessoa pode refazer a conta de um sorteio
          (protocolo v1).
        </p>
      </header>

      <section aria-labelledby="protocolo-passos" className="flex flex-col gap-3">
        <h2 id="protocolo-passos" className="text-xl font-semibold">
          Como funciona, em quatro passos
        </h2>
        <ol className="flex list-decimal flex-col gap-2 pl-5 text-sm leading-relaxed sm:text-base">
          <li>
            <strong>Quando a sala abre</strong>, o servidor sorteia um segredo de 32 bytes, a{' '}
            <strong>semente</strong>, e publica na hora o <strong>compromisso</strong>: a impressão
            digital (SHA-256) dessa semente. A semente fica guardada.
          </li>
          <li>
            <strong>Quando a sala fecha</strong>, a lista de participantes é congelada: os números
            da sorte das participações confirmadas, em ordem crescente. Dessa lista sai um resumo.
          </li>
          <li>
            <strong>O vencedor é calculado</strong>, e não escolhido: uma fórmula pública mistura a
            semente, o código da sala, o resumo da lista e, quando configurado, um número aleatório
            público (o <em>beacon</em>). O resultado é uma posição na lista. Tudo é selado com o{' '}
            <strong>hash de prova</strong>.
          </li>
          <li>
            <strong>Depois do sorteio a semente é revelada.</strong> A página de cada sorteio, em{' '}
            <Link to="/sorteios" className={inlineLink}>
              Sorteios realizados
            </Link>
            , mostra todos os dados e refaz as contas no seu navegador. Você também pode baixar a
            prova (JSON) e conferir com outra ferramenta.
          </li>
        </ol>
      </section>

      <section aria-labelledby="protocolo-verificacoes" className="flex flex-col gap-3">
        <h2 id="protocolo-verificacoes" className="text-xl font-semibold">
          O que cada verificação garante
        </h2>
        <dl className="flex flex-col gap-3">
          {checks.map(([check, meaning]) => (
            <Card key={check} className="gap-1 px-4 py-3">
              <dt className="font-medium">{check}</dt>
              <dd className="text-sm text-muted-foreground">{meaning}</dd>
            </Card>
          ))}
        </dl>
      </section>

      <section aria-labelledby="protocolo-limites" className="flex flex-col gap-3">
        <h2 id="protocolo-limites" className="text-xl font-semibold">
          O que o protocolo garante, e o que não garante
        </h2>
        <ul className="flex list-disc flex-col gap-2 pl-5 text-sm leading-relaxed sm:text-base">
          <li>
            <strong>Garante</strong> que, depois do compromisso publicado, a semente não foi
            trocada, que o vencedor saiu da fórmula pública (cada posição com a mesma chance) e que
            a lista usada é a que a página mostra.
          </li>
          <li>
            <strong>Não garante</strong>, sem beacon público, que a plataforma não soubesse de
            antemão quem ganharia com uma lista: ela guarda a semente desde a abertura da sala. Ela
            continua sem poder mudar o resultado de uma lista fechada. Quando o beacon público está
            ativo, o sorteio espera um número publicado por uma rede independente depois que a lista
            foi congelada, e nem a plataforma conhece o vencedor antes dessa hora. A página do
            sorteio mostra &quot;Sem beacon público&quot; quando ele não foi usado.
          </li>
          <li>
            <strong>Não prova</strong> quem é cada participante: a página mostra só os números da
            sorte. Confira se o seu número está na lista.
          </li>
        </ul>
      </section>
    </div>
  );
}
