import { UnderConstruction } from '@/components/under-construction';

/** PIX provider configuration (spec 001 section 2). */
export default function GerencianetConfigPage() {
  return <UnderConstruction title="Configuração PIX" />;
}
