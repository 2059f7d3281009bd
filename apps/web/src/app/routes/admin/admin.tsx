import { tabsOf } from '@sorteio/shared';
import { Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AccessDenied } from '@/components/access-denied';
import { PageSpinner } from '@/components/page-spinner';
import { PageTitle } from '@/components/page-title';
import { useAuth } from '@/lib/auth/use-auth';
import { cn } from '@/lib/utils';
import { ADMIN_PANEL_DENIED } from '../../guards/require-admin';
import { adminTabComponents } from './admin-tabs';
import { defaultTabOf, isAdminTabId } from './admin-tab-state';

/**
 * /admin?tab=<id> (spec 001 section 2): the tab bar of what the role may open and the tab itself.
 * A deep link to a tab the role lacks shows the refusal; an unknown id opens the default tab.
 */
export default function AdminPage() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  if (!user) return null;
  const requested = params.get('tab');
  const tabId = isAdminTabId(requested) ? requested : defaultTabOf(user.role);
  const tabs = tabsOf(user.role);
  const tab = tabs.find((t) => t.id === tabId);
  if (!tab) return <AccessDenied message={ADMIN_PANEL_DENIED} />;
  const Tab = adminTabComponents[tab.id];
  return (
    <div className="flex flex-col gap-6">
      <PageTitle title={`Admin · ${tab.label}`} />
      <nav aria-label="Abas do painel" className="-mx-1 overflow-x-auto pb-1">
        <ul className="flex w-max gap-1 rounded-lg bg-muted p-1">
          {tabs.map((t) => (
            <li key={t.id}>
              <Link
                to={t.id === 'dashboard' ? '/admin' : `/admin?tab=${t.id}`}
                aria-current={t.id === tab.id ? 'page' : undefined}
                className={cn(
                  'inline-flex h-8 items-center rounded-md px-3 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors hover:text-foreground',
                  t.id === tab.id && 'bg-background text-foreground shadow-sm',
                )}
              >
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Suspense fallback={<PageSpinner />}>
        <Tab key={tab.id} />
      </Suspense>
    </div>
  );
}
