import { UnderConstruction } from '@/components/under-construction';

/** Profile, verification, 2FA, location and security log (spec 000 section 2, Profile). */
export default function ProfilePage() {
  return <UnderConstruction title="Meu Perfil" />;
}
