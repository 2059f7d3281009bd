import { Download } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { drawProofUrl } from '../api/get-draw-proof';

/** Saves the proof exactly as the server publishes it, for the standalone script of the docs. */
export function DownloadProofButton({ id }: { id: string }) {
  return (
    <Button asChild variant="outline" className="w-full sm:w-auto">
      <a href={drawProofUrl(id)} download={`prova-sorteio-${id}.json`}>
        <Download aria-hidden="true" />
        Baixar prova (JSON)
      </a>
    </Button>
  );
}

/** The algorithm in a few lines; /protocolo says what it guarantees. */
export function VerifyYourself() {
  return (
    <div className="flex flex-col gap-3 text-sm">
      <p className="text-muted-foreground">
        Esta página refaz as contas com o mesmo código que o servidor usou. Para não depender dela,
        baixe a prova e repita os passos com qualquer ferramenta de SHA-256 e HMAC-SHA256:
      </p>
      <ol className="flex list-decimal flex-col gap-1.5 pl-5">
        <li>
          O SHA-256 dos 32 bytes da semente precisa ser igual ao compromisso publicado na abertura
          da sala.
        </li>
        <li>
          Ordene os números da sorte pelas unidades UTF-16 (a ordem padrão do JavaScript), junte-os
          com <code className="font-mono">&quot;\n&quot;</code> e calcule o SHA-256 do texto em
          UTF-8: é o resumo da lista.
        </li>
        <li>
          Para c = 0, 1, 2, …: calcule HMAC-SHA256 com a semente como chave sobre{' '}
          <code className="font-mono break-all">
            &quot;v1:&quot; + sala + &quot;:&quot; + resumo + &quot;:&quot; + beacon + &quot;:&quot;
            + c
          </code>
          ; leia os 8 primeiros bytes como inteiro sem sinal big-endian x; se x &lt; 2^64 − (2^64
          mod n), a posição vencedora é x mod n.
        </li>
        <li>
          O número vencedor é o da posição sorteada, e o hash de prova é o SHA-256 de{' '}
          <code className="font-mono break-all">
            v1|sala|compromisso|semente|resumo|beacon|posição|número
          </code>
          .
        </li>
      </ol>
      <p className="text-muted-foreground">
        Nos sorteios com beacon (protocolo v2), o prefixo é <code className="font-mono">v2</code>, o
        hash de prova inclui também a data de congelamento da lista e a rodada, e o beacon é o
        SHA-256 da assinatura BLS da rodada drand, que vale pela chave pública da rede. A rodada
        precisa ser a primeira publicada depois do congelamento da lista.
      </p>
      <p className="text-muted-foreground">
        O que cada verificação garante, e o que o protocolo não garante, está na página{' '}
        <Link to="/protocolo" className="font-medium text-primary underline underline-offset-4">
          O protocolo do sorteio
        </Link>
        .
      </p>
    </div>
  );
}
