/** Picks the configured PIX provider: the simulator by default, EFI with PIX_PROVIDER=efi. */
import type { Config } from '../../config';
import type { EfiProviderOptions } from './efi/efi-session';
import type { PixProvider } from './pix-provider';
import { createSimulatorProvider } from './simulator';

export async function createPixProvider(
  config: Config,
  efiOptions: EfiProviderOptions = {},
): Promise<PixProvider | null> {
  if (config.pixProvider === 'simulator') {
    return createSimulatorProvider({
      pixKey: config.pix.simulatorKey,
      receiverName: config.pix.receiverName,
      receiverCity: config.pix.receiverCity,
    });
  }
  if (!config.efi) return null;
  const { createEfiProvider } = await import('./efi/efi-provider');
  return createEfiProvider(config.efi, efiOptions);
}
