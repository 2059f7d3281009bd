import type { SessionUser } from '@sorteio/shared/auth';
import { emailName } from '@sorteio/shared/format';
import { ChevronDown, LogOut, ShieldCheck, Users } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useAuth } from '@/lib/auth/use-auth';
import { errorMessageOf } from '@/lib/errors';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { accountLinks } from './nav-links';

/** The user menu of spec 000 section 2; loaded after the first paint (see navbar.tsx). */
export default function UserMenu({ user }: { user: SessionUser }) {
  const { signOut } = useAuth();
  const { notify } = useNotifications();
  const navigate = useNavigate();
  const name = emailName(user.email);

  async function handleSignOut() {
    // Leave the private screen first, so its guard does not bounce to /login on the way out.
    await navigate('/');
    try {
      await signOut();
    } catch (error) {
      notify({ type: 'error', title: 'Erro ao sair', message: errorMessageOf(error) });
    }
  }

  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="gap-2 px-1.5 sm:px-2">
          <span
            aria-hidden="true"
            className="flex size-8 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground uppercase"
          >
            {name.charAt(0)}
          </span>
          {/* Named by its content, so the visible name is part of the accessible one (WCAG 2.5.3). */}
          <span className="sr-only">Menu da conta: {name}</span>
          <span aria-hidden="true" className="hidden max-w-32 truncate lg:inline">
            {name}
          </span>
          <ChevronDown aria-hidden="true" className="hidden text-muted-foreground sm:block" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="flex flex-col gap-1.5">
          <span className="truncate font-semibold">{name}</span>
          <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
          {user.isAdmin ? <Badge>Admin</Badge> : <Badge variant="secondary">Usuário Premium</Badge>}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {user.isAdmin && (
          <DropdownMenuItem asChild>
            <Link to="/admin">
              <ShieldCheck aria-hidden="true" />
              Painel Admin
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuItem asChild>
          <Link to="/private-rooms">
            <Users aria-hidden="true" />
            Salas Privadas
          </Link>
        </DropdownMenuItem>
        {/* The player's own pages; 'Perfil' is the spec's settings entry (/profile). */}
        {accountLinks.map(({ to, label, icon: Icon }) => (
          <DropdownMenuItem key={to} asChild>
            <Link to={to}>
              <Icon aria-hidden="true" />
              {label}
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => void handleSignOut()}>
          <LogOut aria-hidden="true" />
          Sair
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
