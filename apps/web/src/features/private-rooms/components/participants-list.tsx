import { formatDate } from '@sorteio/shared';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { LuckyNumber } from '@/components/lucky-number';

export interface ParticipantRow {
  key: string;
  luckyNumber: string;
  joinedAt: string;
  firstName?: string;
  paid?: boolean;
}

/** A numbered list of seats: lucky number and join date (and name and payment when known). */
export function ParticipantsList({
  participants,
  title = 'Participantes',
}: {
  participants: ParticipantRow[];
  title?: string;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">
          <h2>
            {title} ({participants.length})
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {participants.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhum participante ainda.</p>
        ) : (
          <ol className="flex flex-col divide-y text-sm">
            {participants.map((p, index) => (
              <li key={p.key} className="flex flex-wrap items-center gap-3 py-2">
                <span className="w-6 text-muted-foreground tabular-nums">{index + 1}.</span>
                {p.firstName && <span className="font-medium">{p.firstName}</span>}
                <LuckyNumber value={p.luckyNumber} />
                <span className="text-muted-foreground">{formatDate(p.joinedAt)}</span>
                {p.paid !== undefined && (
                  <Badge variant={p.paid ? 'success' : 'secondary'} className="ml-auto">
                    {p.paid ? 'Pago' : 'Pendente'}
                  </Badge>
                )}
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
