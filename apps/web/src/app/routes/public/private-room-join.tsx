import { useSearchParams } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { Spinner } from '@/components/ui/spinner';
import { JoinByCodeScreen } from '@/features/private-rooms/components/join-by-code-screen';
import { useAuth } from '@/lib/auth/use-auth';

/** Join a private room by code, read from ?code= (spec 001 section 2, Join by code). Public: it asks anonymous visitors to sign in itself. */
export default function PrivateRoomJoinPage() {
  const [params] = useSearchParams();
  const { user, loading } = useAuth();
  return (
    <>
      <PageTitle title="Sala privada" />
      {loading ? (
        <div className="flex min-h-[50vh] items-center justify-center p-8">
          <Spinner label="Carregando sala privada..." showLabel />
        </div>
      ) : (
        <JoinByCodeScreen code={params.get('code') ?? ''} userId={user?.id ?? null} />
      )}
    </>
  );
}
