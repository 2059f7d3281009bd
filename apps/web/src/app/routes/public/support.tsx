import { PageTitle } from '@/components/page-title';
import { SupportScreen } from '@/features/support/components/support-screen';

/** Support centre (spec 000 section 2, Support): open to everyone; account answers when signed in. */
export default function SupportPage() {
  return (
    <>
      <PageTitle title="Central de Suporte" />
      <SupportScreen />
    </>
  );
}
