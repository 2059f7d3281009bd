import { ApiServicesScreen } from '@/features/api-services';

/** API services with real health checks (spec 001 section 2; DESIGN.md section 8). */
export default function ApiServicesPage() {
  return <ApiServicesScreen />;
}
