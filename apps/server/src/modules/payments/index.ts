/** The payments module's public face for other modules: the PIX providers and their errors. */
export {
  type ChargeState,
  type CreateChargeInput,
  type CreatedCharge,
  type PixProvider,
  PixProviderError,
  type ReceivedPix,
  type SendPixInput,
  type SentPix,
} from './pix-provider';
export { createPixProvider } from './provider';
export { describePixFailure } from './pix-failure';
export { randomAlphanumeric } from './simulator';
export { type PemKeyPair, p12ToPem } from './efi/certificates';
export { EfiApiError, type EfiPixProvider, createEfiProvider } from './efi/efi-provider';
