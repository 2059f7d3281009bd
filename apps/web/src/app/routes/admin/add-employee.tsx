import { UnderConstruction } from '@/components/under-construction';

/** Add an employee (spec 001 section 2). */
export default function AddEmployeePage() {
  return <UnderConstruction title="Adicionar Funcionário" />;
}
