import type { Profile } from '@sorteio/shared';
import { FileCheck, KeyRound, MapPin, ShieldCheck, type LucideIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

interface StatusCardProps {
  icon: LucideIcon;
  label: string;
  value: string | undefined;
  tone: 'success' | 'warning' | 'secondary';
}

function StatusCard({ icon: Icon, label, value, tone }: StatusCardProps) {
  return (
    <Card className="flex-row items-center gap-3 px-4 py-4">
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

/** The four status cards of the profile header (spec 000 section 2). */
export function ProfileStatusCards({ profile }: { profile: Profile | undefined }) {
  return (
    <section aria-label="Situação da conta" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatusCard
        icon={FileCheck}
        label="Verificação"
        value={profile ? (profile.isVerified ? 'Verificado' : 'Pendente') : undefined}
        tone={profile?.isVerified ? 'success' : 'warning'}
      />
      <StatusCard
        icon={KeyRound}
        label="2FA"
        value={profile ? (profile.twoFactorEnabled ? 'Ativo' : 'Inativo') : undefined}
        tone={profile?.twoFactorEnabled ? 'success' : 'secondary'}
      />
      <StatusCard icon={MapPin} label="Localização" value="Monitorada" tone="success" />
      <StatusCard icon={ShieldCheck} label="Segurança" value="Protegido" tone="success" />
    </section>
  );
}
