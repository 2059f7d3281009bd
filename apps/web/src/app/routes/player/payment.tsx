import { UnderConstruction } from '@/components/under-construction';

/** PIX payment page (spec 000 section 2, PIX payment page). */
export default function PaymentPage() {
  return <UnderConstruction title="Pagamento PIX" />;
}
