import { emailName } from '@sorteio/shared';
import { ChartColumn, ChevronRight, Ticket, Wallet } from 'lucide-react';
import { Link, Navigate } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { ViewingAsUserBanner } from '@/components/viewing-as-user-banner';
import { DashboardFooter } from '@/features/dashboard/components/dashboard-footer';
import { LiveStats } from '@/features/dashboard/components/live-stats';
import { RecentDraws } from '@/features/dashboard/components/recent-draws';
import { DashboardStatCards } from '@/features/dashboard/components/stat-cards';
import { OpenRoomsList } from '@/features/rooms/components/open-rooms-list';
import { useAuth } from '@/lib/auth/use-auth';
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

/** User home (spec 000 section 2, Dashboard). */
export default function DashboardPage() {
  const { user } = useAuth();
  const viewingAsUser = isViewingAsUser();
  // An administrator belongs in /admin unless they chose to see the user side.
  if (user?.isAdmin && !viewingAsUser) return <Navigate to="/admin" replace />;
  return (
    <>
      <PageTitle title="Dashboard" />
      {user?.isAdmin && viewingAsUser && <ViewingAsUserBanner />}
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">
        <Breadcrumb />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Dashboard</h1>
            {user && (
              <p className="mt-1 text-muted-foreground">
                Bem-vindo de volta, <span className="font-medium">{emailName(user.email)}</span>!
              </p>
            )}
          </div>
          <QuickActions />
        </div>
        <DashboardStatCards />
        <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
          <Card role="region" aria-labelledby="rooms-title">
            <CardHeader>
              <h2 id="rooms-title" className="text-lg font-semibold">
                Salas Disponíveis
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
