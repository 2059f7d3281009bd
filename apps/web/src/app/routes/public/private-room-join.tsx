import { UnderConstruction } from '@/components/under-construction';

/** Join a private room by code, read from ?code= (spec 001 section 2, Join by code). Public: it asks anonymous visitors to sign in itself. */
export default function PrivateRoomJoinPage() {
  return <UnderConstruction title="Entrar na Sala Privada" />;
}
