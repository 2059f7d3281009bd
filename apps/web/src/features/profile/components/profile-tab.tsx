import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useProfile } from '../api/get-profile';
import { LoadError, LoadingBlock } from './load-states';
import { NotificationsCard } from './notifications-card';
import { PrivacyDataCard } from './privacy-data-card';
import { ProfileForm } from './profile-form';
import { WinnersVisibilityCard } from './winners-visibility-card';

export function ProfileTab({ deviceNotifications }: { deviceNotifications?: ReactNode }) {
  const profile = useProfile();
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Informações pessoais</h2>
          </CardTitle>
          <CardDescription>
            {profile.data
              ? `Conta: ${profile.data.email}. Mantenha seus dados e sua chave PIX atualizados para receber os prêmios.`
              : 'Mantenha seus dados e sua chave PIX atualizados para receber os prêmios.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {profile.isPending ? (
            <LoadingBlock label="Carregando perfil..." />
          ) : profile.isError ? (
            <LoadError message={profile.error.message} onRetry={() => void profile.refetch()} />
          ) : (
            // Keyed by account so the form starts again from the saved values.
            <ProfileForm key={profile.data.id} profile={profile.data} />
          )}
        </CardContent>
      </Card>
      {profile.data ? <WinnersVisibilityCard profile={profile.data} /> : null}
      <NotificationsCard />
      {deviceNotifications}
      <PrivacyDataCard />
    </div>
  );
}
