import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { forgetRoomToReturn, type RoomToReturn } from '@/lib/return-to-room';

/**
 * A join was refused because the identity was not verified; now it is: back to that room.
 * Following the link forgets the room, so the offer is made once.
 */
export function ReturnToRoomBanner({ room }: { room: RoomToReturn }) {
  return (
    <Alert variant="success" role="status">
      <ArrowLeft aria-hidden="true" />
      <AlertTitle>Identidade verificada! Você já pode participar.</AlertTitle>
      <AlertDescription className="text-foreground">
        <p>Você tentou entrar na {room.name} antes da verificação.</p>
        <Button asChild size="sm" className="mt-1">
          <Link to={room.path} onClick={forgetRoomToReturn}>
            Voltar para a sala
          </Link>
        </Button>
      </AlertDescription>
    </Alert>
  );
}
