import {
  ChartColumn,
  CircleUser,
  HeartHandshake,
  LifeBuoy,
  Wallet,
  GraduationCap,
  History,
  LayoutDashboard,
  Shield,
  Ticket,
  Trophy,
  Users,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

/**
 * The navigation bar of spec 000 section 2, for signed-in users, plus the private rooms of spec 001
 * (otherwise nothing leads to them).
 */
export const appLinks: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/participate', label: 'Participar', icon: Ticket },
  { to: '/private-rooms', label: 'Salas Privadas', icon: Users },
  { to: '/history', label: 'Histórico', icon: History },
  { to: '/stats', label: 'Estatísticas', icon: ChartColumn },
  { to: '/privacy', label: 'Privacidade', icon: Shield },
];

/** What anonymous visitors may open (spec 000 section 6). */
export const publicLinks: NavItem[] = [
  { to: '/privacy', label: 'Privacidade', icon: Shield },
  { to: '/tutorial', label: 'Tutorial', icon: GraduationCap },
  { to: '/ganhadores', label: 'Ganhadores', icon: Trophy },
];

/**
 * The player's own pages, in the phone menu and in the desktop bar's account menu: where the money
 * is, who to ask, the limits and the profile are one tap away from every screen.
 */
export const accountLinks: NavItem[] = [
  { to: '/cashback', label: 'Saldo', icon: Wallet },
  { to: '/support', label: 'Suporte', icon: LifeBuoy },
  { to: '/jogo-responsavel', label: 'Jogo Responsável', icon: HeartHandshake },
  { to: '/profile', label: 'Perfil', icon: CircleUser },
];
