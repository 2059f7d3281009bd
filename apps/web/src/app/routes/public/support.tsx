import { UnderConstruction } from '@/components/under-construction';

/** Support centre (spec 000 section 2, Support). */
export default function SupportPage() {
  return <UnderConstruction title="Central de Suporte" />;
}
