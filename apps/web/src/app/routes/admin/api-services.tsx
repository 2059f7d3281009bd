import { UnderConstruction } from '@/components/under-construction';

/** API services with real health checks (spec 001 section 2; DESIGN.md section 8). */
export default function ApiServicesPage() {
  return <UnderConstruction title="Serviços de API" />;
}
