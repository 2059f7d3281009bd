import { useParams } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { PublicRoomView } from '@/features/rooms/components/public-room';

/** A public room's shareable page; the server adds its link-preview tags. */
export default function PublicRoomPage() {
  const { id = '' } = useParams();
  return (
    <>
      <PageTitle title="Sala" />
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-8 sm:px-6">
        <PublicRoomView key={id} roomId={id} />
      </div>
    </>
  );
}
