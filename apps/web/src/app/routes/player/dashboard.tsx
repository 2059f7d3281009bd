import { emailName } from '@sorteio/shared/format';
import { ChartColumn, ChevronRight, Ticket, Users, Wallet } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ViewingAsUserBanner } from '@/components/viewing-as-user-banner';
import { dashboardQueryOptions, useDashboard } from '@/features/dashboard/api/get-dashboard';
import { DashboardFooter } from '@/features/dashboard/components/dashboard-footer';
import { LiveStats } from '@/features/dashboard/components/live-stats';
import {
  OnboardingChecklist,
  onboardingComplete,
  type OnboardingFacts,
} from '@/features/dashboard/components/onboarding-checklist';
import { RecentDraws } from '@/features/dashboard/components/recent-draws';
import { ReturnToRoomBanner } from '@/features/dashboard/components/return-to-room-banner';
import { DashboardStatCards } from '@/features/dashboard/components/stat-cards';
import { useProfile } from '@/features/profile/api/get-profile';
import { useVerification } from '@/features/profile/api/get-verification';
import { missingProfileFields } from '@/features/profile/lib/verification-requirements';
import { OpenRoomsList } from '@/features/rooms/components/open-rooms-list';
import { useAuth } from '@/lib/auth/use-auth';
import { roomToReturn } from '@/lib/return-to-room';
import { isViewingAsUser } from '@/lib/view-mode';

function Breadcrumb() {
  return (
    <nav aria-label="Trilha de navegação">
      <ol className="flex items-center gap-1 text-sm text-muted-foreground">
        <li>
          <Link to="/" className="hover:text-foreground hover:underline">
            Início
          </Link>
        </li>
        <li aria-hidden="true">
          <ChevronRight className="size-3.5" />
        </li>
        <li aria-current="page" className="font-medium text-foreground">
          Dashboard
        </li>
      </ol>
    </nav>
  );
}

function QuickActions() {
  return (
    <div className="flex flex-wrap gap-2">
      <Button asChild size="sm">
        <Link to="/participate">
          <Ticket aria-hidden="true" />
          Participar
        </Link>
      </Button>
      <Button asChild size="sm" variant="outline">
        <Link to="/private-rooms">
          <Users aria-hidden="true" />
          Salas Privadas
        </Link>
      </Button>
      <Button asChild size="sm" variant="outline">
        <Link to="/cashback">
          <Wallet aria-hidden="true" />
          Saldo e Cashback
        </Link>
      </Button>
      <Button asChild size="sm" variant="outline">
        <Link to="/stats">
          <ChartColumn aria-hidden="true" />
          Estatísticas
        </Link>
      </Button>
    </div>
  );
}

type Onboarding =
  { state: 'loading' } | { state: 'unknown' } | { state: 'known'; facts: OnboardingFacts };

/**
 * The first steps of a player, from what the web already reads: the session (/api/me), the
 * profile, the verification and the dashboard figures. When one of them cannot be read the usual
 * cards show.
 */
function useOnboarding(emailConfirmed: boolean | undefined): Onboarding {
  const profile = useProfile();
  const verification = useVerification();
  const dashboard = useDashboard();
  if (emailConfirmed === undefined || profile.isError || verification.isError || dashboard.isError)
    return { state: 'unknown' };
  if (!profile.data || !verification.data || !dashboard.data) return { state: 'loading' };
  return {
    state: 'known',
    facts: {
      emailConfirmed,
      missingProfileFields: missingProfileFields(profile.data),
      verificationStatus: profile.data.isVerified ? 'verificado' : verification.data.status,
      hasEntry: dashboard.data.totalParticipacoes > 0,
    },
  };
}

/**
 * A new player sees 'Primeiros passos' instead of six zero cards; once every step is done only
 * the cards show. A player who already played keeps the cards, with the steps left above them.
 */
function PlayerSummary({ onboarding }: { onboarding: Onboarding }) {
  if (onboarding.state === 'loading') {
    return (
      <div aria-busy="true" className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <span className="sr-only" role="status">
          Carregando seu resumo...
        </span>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-24 w-full" />
        ))}
      </div>
    );
  }
  if (onboarding.state === 'unknown' || onboardingComplete(onboarding.facts))
    return <DashboardStatCards />;
  return (
    <>
      <OnboardingChecklist facts={onboarding.facts} />
      {onboarding.facts.hasEntry && <DashboardStatCards />}
    </>
  );
}

/** The player's part of the page: the first steps or the figures, and the way back to a room. */
function PlayerArea({ emailConfirmed }: { emailConfirmed: boolean | undefined }) {
  const onboarding = useOnboarding(emailConfirmed);
  // A join refused before the verification: once verified, the way back to that room.
  const [returnRoom] = useState(roomToReturn);
  const verified =
    onboarding.state === 'known' && onboarding.facts.verificationStatus === 'verificado';
  return (
    <>
      {verified && returnRoom && <ReturnToRoomBanner room={returnRoom} />}
      <PlayerSummary onboarding={onboarding} />
    </>
  );
}

/** User home (spec 000 section 2, Dashboard). */
/**
 * 'Bem-vindo' on the first signed-in visit, 'Bem-vindo de volta' afterwards: the server tells
 * which from the sign-ins it recorded (`primeiraVisita`), not this browser's memory.
 */
function Greeting({ name }: { name: string }) {
  // Reads the figures the rest of the page loads; mounting later must not start another request.
  const dashboard = useQuery({ ...dashboardQueryOptions(), enabled: false });
  const returning = dashboard.data ? !dashboard.data.primeiraVisita : false;
  return (
    <p className="mt-1 text-muted-foreground">
      {returning ? 'Bem-vindo de volta' : 'Bem-vindo'}, <span className="font-medium">{name}</span>!
    </p>
  );
}

export default function DashboardPage() {
  const { user } = useAuth();
  const viewingAsUser = isViewingAsUser();
  // Every staff role belongs in /admin unless they chose to see the user side.
  const isStaff = Boolean(user?.isStaff || user?.isAdmin);
  if (isStaff && !viewingAsUser) return <Navigate to="/admin" replace />;
  return (
    <>
      <PageTitle title="Dashboard" />
      {isStaff && viewingAsUser && <ViewingAsUserBanner />}
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">
        <Breadcrumb />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Dashboard</h1>
            {user && <Greeting name={emailName(user.email)} />}
          </div>
          <QuickActions />
        </div>
        {/* The player's first steps are not for staff, even on the user side. */}
        {isStaff ? <DashboardStatCards /> : <PlayerArea emailConfirmed={user?.emailVerified} />}
        <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
          <Card role="region" aria-labelledby="rooms-title">
            <CardHeader>
              <h2 id="rooms-title" className="text-lg font-semibold">
                Salas disponíveis
              </h2>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              <LiveStats />
              <OpenRoomsList />
            </CardContent>
          </Card>
          <RecentDraws />
        </div>
        <DashboardFooter />
      </div>
    </>
  );
}
