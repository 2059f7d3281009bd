import { PageTitle } from '@/components/page-title';
import {
  RESPONSIBLE_PLAY_TITLE,
  ResponsiblePlayScreen,
} from '@/features/responsible-play/components/responsible-play-screen';

/** 'Jogo Responsável': limits, reminders, self-exclusion and where to find help. */
export default function ResponsiblePlayPage() {
  return (
    <>
      <PageTitle title={RESPONSIBLE_PLAY_TITLE} />
      <ResponsiblePlayScreen />
    </>
  );
}
