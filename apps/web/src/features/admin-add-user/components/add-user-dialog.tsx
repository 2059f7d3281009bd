import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { AddAccountForm } from './add-account-form';

/** The 'Adicionar Usuário' dialog of the users tab; it closes (and resets) on success. */
export function AddUserDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden="true" />
          Adicionar Usuário
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Adicionar Usuário</DialogTitle>
          <DialogDescription>
            A conta é criada já confirmada; a pessoa define a senha pelo link enviado por e-mail.
          </DialogDescription>
        </DialogHeader>
        <AddAccountForm kind="user" onCreated={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
