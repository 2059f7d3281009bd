import { UnderConstruction } from '@/components/under-construction';

/** Remarketing campaigns (spec 001 section 2; DESIGN.md section 8). */
export default function RemarketingPage() {
  return <UnderConstruction title="Remarketing" />;
}
