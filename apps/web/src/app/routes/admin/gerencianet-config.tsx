import { PixConfigScreen } from '@/features/admin-pix-setup';

/** PIX provider configuration (spec 001 section 2). */
export default function GerencianetConfigPage() {
  return <PixConfigScreen />;
}
