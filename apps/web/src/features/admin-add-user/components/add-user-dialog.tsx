import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { DialogHeading, DialogShell } from '@/components/dialog-shell';
import { Button } from '@/components/ui/button';
import { AddAccountForm } from './add-account-form';

/** The 'Adicionar Usuário' dialog of the users tab; it closes (and resets) on success. */
export function AddUserDialog() {
  const [open, setOpen] = useState(false);
  return (
    <DialogShell
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button>
          <UserPlus aria-hidden="true" />
          Adicionar Usuário
        </Button>
      }
      className="max-h-[90vh] overflow-y-auto sm:max-w-lg"
    >
      <DialogHeading
        title="Adicionar Usuário"
        description="A conta é criada já confirmada; a pessoa define a senha pelo link enviado por e-mail."
      />
      <AddAccountForm kind="user" onCreated={() => setOpen(false)} />
    </DialogShell>
  );
}
