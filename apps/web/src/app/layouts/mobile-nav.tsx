import type { SessionUser } from '@sorteio/shared';
import { Menu } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';

const loadSheet = () => import('./mobile-nav-sheet');
const MobileNavSheet = lazy(loadSheet);

/**
 * The button that opens the mobile menu. The menu (and Radix Dialog with it) is fetched only when
 * the button is about to be used, which keeps it out of the first download.
 */
export function MobileNav({ user }: { user: SessionUser | null }) {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="lg:hidden"
        aria-label="Abrir menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadSheet()}
        onFocus={() => void loadSheet()}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden="true" className="size-5" />
      </Button>
      {requested && (
        <Suspense fallback={null}>
          <MobileNavSheet user={user} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
