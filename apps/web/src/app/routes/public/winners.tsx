import { PageTitle } from '@/components/page-title';
import { WINNERS_TITLE, WinnersScreen } from '@/features/winners';

/** Public winners and monthly rankings (names masked, or 'Anônimo' by the player's choice). */
export default function WinnersPage() {
  return (
    <>
      <PageTitle title={WINNERS_TITLE} />
      <WinnersScreen />
    </>
  );
}
