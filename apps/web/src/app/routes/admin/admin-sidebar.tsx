import { type AdminTabId, type Permission, can, formatBRL, type Role } from '@sorteio/shared';
import {
  BarChart3,
  BriefcaseBusiness,
  DoorOpen,
  FileBadge,
  LayoutDashboard,
  LifeBuoy,
  LogOut,
  Megaphone,
  MonitorSmartphone,
  Plug,
  ScrollText,
  Settings,
  UserPlus,
  Users,
  Wallet,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroupLabel,
  SidebarMenuButton,
} from '@/components/ui/sidebar';
import { usePendingPrizes } from '@/features/admin-shell';
import { countOf } from '@/lib/plural';
import { setViewingAsUser } from '@/lib/view-mode';
import { defaultTabOf } from './admin-tab-state';

interface Entry {
  label: string;
  to: string;
  icon: ReactNode;
  permission: Permission;
  /** The tab it opens, or the path for the add pages. */
  tab?: AdminTabId;
}

/** Spec 001 section 2, in its order, then the tabs the spec lists outside the sidebar. */
const mainEntries: Entry[] = [
  {
    label: 'Visão Geral',
    to: '/admin',
    icon: <LayoutDashboard />,
    permission: 'dashboard.read',
    tab: 'dashboard',
  },
  {
    label: 'Analytics',
    to: '/admin?tab=analytics',
    icon: <BarChart3 />,
    permission: 'analytics.read',
    tab: 'analytics',
  },
  {
    label: 'Conexões & APIs',
    to: '/admin?tab=connections',
    icon: <Plug />,
    permission: 'connections.manage',
    tab: 'connections',
  },
  {
    label: 'Gerenciar Usuários',
    to: '/admin?tab=users',
    icon: <Users />,
    permission: 'users.read',
    tab: 'users',
  },
  {
    label: 'Adicionar Usuário',
    to: '/admin/add-user',
    icon: <UserPlus />,
    permission: 'users.create',
  },
  {
    label: 'Adicionar Funcionário',
    to: '/admin/add-employee',
    icon: <BriefcaseBusiness />,
    permission: 'staff.manage',
  },
  {
    label: 'Sessões da equipe',
    to: '/admin/staff-sessions',
    icon: <MonitorSmartphone />,
    permission: 'staff.manage',
  },
  {
    label: 'Salas',
    to: '/admin?tab=rooms',
    icon: <DoorOpen />,
    permission: 'rooms.read',
    tab: 'rooms',
  },
  {
    label: 'Remarketing',
    to: '/admin?tab=remarketing',
    icon: <Megaphone />,
    permission: 'campaigns.manage',
    tab: 'remarketing',
  },
  {
    label: 'Financeiro',
    to: '/admin?tab=financial',
    icon: <Wallet />,
    permission: 'finance.read',
    tab: 'financial',
  },
];
const moreEntries: Entry[] = [
  {
    label: 'Certificados',
    to: '/admin?tab=certificates',
    icon: <FileBadge />,
    permission: 'pix.manage',
    tab: 'certificates',
  },
  {
    label: 'Configurações',
    to: '/admin?tab=settings',
    icon: <Settings />,
    permission: 'settings.manage',
    tab: 'settings',
  },
  {
    label: 'Suporte',
    to: '/admin?tab=support',
    icon: <LifeBuoy />,
    permission: 'support.tickets',
    tab: 'support',
  },
  {
    label: 'Auditoria',
    to: '/admin?tab=audit',
    icon: <ScrollText />,
    permission: 'audit.read',
    tab: 'audit',
  },
];

/** The red badge of 'Financeiro': prizes waiting for payment (asked every 30 s). */
function PendingPrizesBadge({ count, amount }: { count: number; amount: number }) {
  return (
    <span
      className="inline-flex min-w-5 items-center justify-center rounded-full bg-destructive px-1.5 text-xs font-semibold text-destructive-foreground"
      title={`${countOf(count, 'prêmio aguardando', 'prêmios aguardando')} pagamento (${formatBRL(amount)})`}
      aria-label={`${countOf(count, 'prêmio aguardando', 'prêmios aguardando')} pagamento`}
    >
      {count}
    </span>
  );
}

export function AdminSidebar({ role }: { role: Role }) {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const pending = usePendingPrizes(can(role, 'finance.read')).data;
  const badge =
    pending && pending.count > 0 ? (
      <PendingPrizesBadge count={pending.count} amount={pending.amount} />
    ) : undefined;
  const current = pathname === '/admin' ? (params.get('tab') ?? defaultTabOf(role)) : null;
  const isActive = (entry: Entry) =>
    entry.tab ? pathname === '/admin' && current === entry.tab : pathname === entry.to;
  const render = (entry: Entry) =>
    can(role, entry.permission) ? (
      <SidebarMenuButton
        key={entry.to}
        to={entry.to}
        icon={entry.icon}
        label={entry.label}
        isActive={isActive(entry)}
        badge={entry.tab === 'financial' ? badge : undefined}
      />
    ) : null;
  const more = moreEntries.filter((e) => can(role, e.permission));
  return (
    <Sidebar label="Menu administrativo">
      <SidebarContent>
        <SidebarGroupLabel>Administração</SidebarGroupLabel>
        {mainEntries.map(render)}
        {more.length > 0 ? <SidebarGroupLabel>Mais</SidebarGroupLabel> : null}
        {more.map(render)}
      </SidebarContent>
      <SidebarFooter>
        <SidebarMenuButton
          icon={<LogOut />}
          label="Sair do Admin"
          onClick={() => {
            setViewingAsUser(true);
            void navigate('/dashboard');
          }}
        />
      </SidebarFooter>
    </Sidebar>
  );
}
