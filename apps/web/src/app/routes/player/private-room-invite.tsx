import { UnderConstruction } from '@/components/under-construction';

/** Invite screen (spec 001 section 2, Invite screen). */
export default function PrivateRoomInvitePage() {
  return <UnderConstruction title="Entrar na Sala Privada" />;
}
