import { FileCheck, History, MapPin, Shield, User } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useSearchParams } from 'react-router';
import type { ReactNode } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useProfile } from '../api/get-profile';
import { useVerification } from '../api/get-verification';
import { LocationTab } from './location-tab';
import { ProfileStatusCards } from './profile-status-cards';
import { ProfileTab } from './profile-tab';
import { SecurityLogsTab } from './security-logs-tab';
import { SecurityTab } from './security-tab';
import { VerificationTab } from './verification-tab';

export const PROFILE_TITLE = 'Meu Perfil';

/** The tabs of spec 000 section 2, by the value used in ?tab= (so links can open one). */
export const profileTabs = ['perfil', 'verificacao', 'seguranca', 'localizacao', 'logs'] as const;
export type ProfileTabValue = (typeof profileTabs)[number];

const tabInfo: Record<ProfileTabValue, { label: string; icon: LucideIcon }> = {
  perfil: { label: 'Perfil', icon: User },
  verificacao: { label: 'Verificação', icon: FileCheck },
  seguranca: { label: 'Segurança', icon: Shield },
  localizacao: { label: 'Localização', icon: MapPin },
  logs: { label: 'Logs', icon: History },
};

function isTab(value: string | null): value is ProfileTabValue {
  return value !== null && (profileTabs as readonly string[]).includes(value);
}

/**
 * `deviceNotifications`: the card of this device's push notifications (features/push), composed by
 * the route so the two features stay apart; shown in the profile tab beside the other notices.
 */
export function ProfileScreen({ deviceNotifications }: { deviceNotifications?: ReactNode } = {}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: ProfileTabValue = isTab(requested) ? requested : 'perfil';
  const profile = useProfile();
  const verification = useVerification();

  function openTab(value: string) {
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (value === 'perfil') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{PROFILE_TITLE}</h1>
        <p className="mt-1 text-muted-foreground">
          Seus dados, verificação de identidade e segurança da conta.
        </p>
      </div>

      <ProfileStatusCards
        profile={profile.data}
        verificationStatus={verification.isError ? null : verification.data?.status}
      />

      <Tabs value={tab} onValueChange={openTab}>
        <TabsList className="grid h-auto w-full grid-cols-3 gap-1 sm:grid-cols-5">
          {profileTabs.map((value) => {
            const { label, icon: Icon } = tabInfo[value];
            return (
              <TabsTrigger key={value} value={value} className="h-9">
                <Icon aria-hidden="true" className="hidden sm:block" />
                {label}
              </TabsTrigger>
            );
          })}
        </TabsList>
        <TabsContent value="perfil">
          <ProfileTab deviceNotifications={deviceNotifications} />
        </TabsContent>
        <TabsContent value="verificacao">
          <VerificationTab
            onGoToProfile={() => {
              openTab('perfil');
            }}
          />
        </TabsContent>
        <TabsContent value="seguranca">
          <SecurityTab />
        </TabsContent>
        <TabsContent value="localizacao">
          <LocationTab />
        </TabsContent>
        <TabsContent value="logs">
          <SecurityLogsTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
