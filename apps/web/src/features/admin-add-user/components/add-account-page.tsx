import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { AddAccountForm, type AccountKind } from './add-account-form';

/** /admin/add-user and /admin/add-employee: the form with a 'Voltar' back to the users tab. */
export function AddAccountPage({ kind }: { kind: AccountKind }) {
  const title = kind === 'employee' ? 'Adicionar Funcionário' : 'Adicionar Usuário';
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-4 py-6">
      <Button asChild variant="ghost" className="w-fit">
        <Link to="/admin?tab=users">
          <ArrowLeft aria-hidden="true" />
          Voltar
        </Link>
      </Button>
      <Card>
        <CardHeader>
          <CardTitle>
            <h1>{title}</h1>
          </CardTitle>
          <CardDescription>
            {kind === 'employee'
              ? 'O cargo define o que a pessoa pode fazer no painel.'
              : 'A conta é criada já confirmada; a pessoa define a senha pelo link enviado por e-mail.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <AddAccountForm kind={kind} />
        </CardContent>
      </Card>
    </div>
  );
}
