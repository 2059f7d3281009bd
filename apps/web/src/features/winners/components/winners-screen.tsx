import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { MonthlyRankings } from './monthly-rankings';
import { RecentWinners } from './recent-winners';

export const WINNERS_TITLE = 'Ganhadores';

/**
 * /ganhadores (public): the latest winners and the month's rankings. Each player appears by first
 * name and the initial of the last name, or as 'Anônimo' by their own choice in the profile; the
 * server masks the names (packages/shared/src/winners.ts), the page only shows them.
 */
export function WinnersScreen() {
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-8 px-4 py-8 sm:px-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{WINNERS_TITLE}</h1>
        <p className="text-muted-foreground">
          Quem ganhou nas salas públicas, com o prêmio e a prova de cada sorteio. Datas no horário
          de Brasília.
        </p>
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>
            Mostramos só o primeiro nome e a inicial do sobrenome, ou Anônimo, por escolha de cada
            jogador no perfil. Em Verificar sorteio, você confere o resultado no seu navegador.
          </span>
        </p>
      </div>
      <RecentWinners />
      <MonthlyRankings />
      <p className="text-sm text-muted-foreground">
        Quer ser o próximo?{' '}
        <Link to="/salas" className="font-medium text-primary underline underline-offset-4">
          Ver salas abertas
        </Link>
      </p>
    </div>
  );
}
