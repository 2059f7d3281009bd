import { usePublicConfig } from '@/lib/config/get-public-config';
import { FooterContent } from './footer-content';

/** The footer with the operator read through the query cache (the app). */
export function Footer() {
  const { data } = usePublicConfig();
  return <FooterContent operator={data?.operator} />;
}
