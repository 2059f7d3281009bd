import { PageTitle } from '@/components/page-title';
import { HISTORY_TITLE, HistoryScreen } from '@/features/history/components/history-screen';

/** Participation history (spec 000 section 2, History); the route guard handles signed-out. */
export default function HistoryPage() {
  return (
    <>
      <PageTitle title={HISTORY_TITLE} />
      <HistoryScreen />
    </>
  );
}
