import { UnderConstruction } from '@/components/under-construction';

/** Cashback balance (spec 001 section 2, Cashback screen). */
export default function CashbackPage() {
  return <UnderConstruction title="Seu Cashback" />;
}
