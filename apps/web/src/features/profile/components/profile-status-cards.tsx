import type { Profile, Verification } from '@sorteio/shared';
import { FileCheck, KeyRound, MapPin, ShieldCheck, type LucideIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { verificationStatusLabels } from '../lib/verification-requirements';

interface StatusCardProps {
  icon: LucideIcon;
  label: string;
  value: string | undefined;
  tone: 'success' | 'warning' | 'secondary';
}

function StatusCard({ icon: Icon, label, value, tone }: StatusCardProps) {
  return (
    <Card className="flex-col items-start gap-2 px-4 py-4 min-[400px]:flex-row min-[400px]:items-center min-[400px]:gap-3">
      <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-secondary text-secondary-foreground">
        <Icon aria-hidden="true" className="size-5" />
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <span className="text-sm text-muted-foreground">{label}</span>
        {value === undefined ? (
          <Skeleton className="h-5 w-20" />
        ) : (
          <Badge variant={tone}>{value}</Badge>
        )}
      </div>
    </Card>
  );
}

function verificationValue(
  profile: Profile | undefined,
  status: Verification['status'] | null | undefined,
): string | undefined {
  if (!profile) return undefined;
  if (profile.isVerified) return verificationStatusLabels.verificado;
  if (status === undefined) return undefined;
  // Before any upload the status is 'Não enviado', not 'Pendente'.
  return status === null || status === 'verificado'
    ? verificationStatusLabels.pendente
    : verificationStatusLabels[status];
}

/**
 * The four status cards of the profile header (spec 000 section 2). `verificationStatus` comes
 * from GET /api/profile/verification: undefined while it loads, null when it could not be read
 * (an unverified account then reads 'Pendente').
 */
export function ProfileStatusCards({
  profile,
  verificationStatus,
}: {
  profile: Profile | undefined;
  verificationStatus: Verification['status'] | null | undefined;
}) {
  return (
    <section aria-label="Situação da conta" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatusCard
        icon={FileCheck}
        label="Verificação"
        value={verificationValue(profile, verificationStatus)}
        tone={profile?.isVerified ? 'success' : 'warning'}
      />
      <StatusCard
        icon={KeyRound}
        label="2FA"
        value={profile ? (profile.twoFactorEnabled ? 'Ativo' : 'Inativo') : undefined}
        tone={profile?.twoFactorEnabled ? 'success' : 'secondary'}
      />
      <StatusCard icon={MapPin} label="Localização" value="Monitorada" tone="success" />
      {/* 'Protegido' only with a second factor: a password alone is not what the word promises. */}
      <StatusCard
        icon={ShieldCheck}
        label="Segurança"
        value={profile ? (profile.twoFactorEnabled ? 'Protegido' : 'Só senha') : undefined}
        tone={profile?.twoFactorEnabled ? 'success' : 'warning'}
      />
    </section>
  );
}
