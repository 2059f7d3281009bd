import { Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { PublicRoomsList } from '@/features/rooms/components/public-room';

/** The open rooms for everyone, signed in or not. */
export default function PublicRoomsPage() {
  return (
    <>
      <PageTitle title="Salas abertas" />
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Salas abertas</h1>
          <p className="mt-1 text-muted-foreground">
            Escolha uma sala, veja as vagas e o prêmio, e compartilhe com quem vai jogar com você.
          </p>
          <Link
            to="/ganhadores"
            className="mt-2 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            <Trophy aria-hidden="true" className="size-4" />
            Ver ganhadores e rankings do mês
          </Link>
        </div>
        <PublicRoomsList />
      </div>
    </>
  );
}
