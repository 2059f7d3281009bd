import { useParams } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { InviteScreen } from '@/features/private-rooms/components/invite-screen';

/** Invite screen (spec 001 section 2, Invite screen). */
export default function PrivateRoomInvitePage() {
  const { inviteCode = '' } = useParams();
  return (
    <>
      <PageTitle title="Entrar na Sala Privada" />
      <InviteScreen inviteCode={inviteCode} />
    </>
  );
}
