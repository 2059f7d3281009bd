import { UnderConstruction } from '@/components/under-construction';

/** User home (spec 000 section 2, Dashboard). */
export default function DashboardPage() {
  return <UnderConstruction title="Dashboard" />;
}
