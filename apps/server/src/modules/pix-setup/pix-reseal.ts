/**
 * After an APP_SECRET rotation (docs/decisions/008-key-ring.md): the stored PIX secrets sealed
 * again with the current key: the saved configuration's columns, the live copy payments run on,
 * and every certificate of the inventory. The plain values do not change, so the row keeps its
 * version and the live copy its id (no server copy rebuilds its provider for this).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pixCertificates, pixProviderConfig } from '../../db/schema';
import type { KeyRing, ResealCount } from '../../lib/key-ring';
import { createResealer } from '../../lib/sealed';
import { type LiveConfig, ROW_ID, lockRow, sealers } from './pix-config.store';

export async function resealPixSecrets(
  db: Db,
  ring: KeyRing,
): Promise<{ config: ResealCount; certificates: ResealCount }> {
  const seal = sealers(ring);

  const inConfig = createResealer();
  await db.transaction(async (tx) => {
    const row = await lockRow(tx);
    if (!row) return;
    const again = (sealer: keyof typeof seal, value: string | null) =>
      value === null ? null : inConfig.reseal(seal[sealer], value);
    const live = row.activeConfig as LiveConfig | null;
    await tx
      .update(pixProviderConfig)
      .set({
        clientSecretSealed: again('secret', row.clientSecretSealed),
        certSealed: again('cert', row.certSealed),
        certPasswordSealed: again('password', row.certPasswordSealed),
        activeConfig: live && {
          ...live,
          clientSecretSealed: again('secret', live.clientSecretSealed)!,
          certSealed: again('cert', live.certSealed)!,
          certPasswordSealed: again('password', live.certPasswordSealed)!,
        },
      })
      .where(eq(pixProviderConfig.id, ROW_ID));
  });

  const inInventory = createResealer();
  const rows = await db
    .select({
      id: pixCertificates.id,
      certSealed: pixCertificates.certSealed,
      passwordSealed: pixCertificates.passwordSealed,
    })
    .from(pixCertificates);
  for (const row of rows) {
    const certSealed = inInventory.reseal(seal.cert, row.certSealed);
    const passwordSealed = inInventory.reseal(seal.password, row.passwordSealed);
    if (certSealed !== row.certSealed || passwordSealed !== row.passwordSealed)
      await db
        .update(pixCertificates)
        .set({ certSealed, passwordSealed })
        .where(eq(pixCertificates.id, row.id));
  }

  return { config: inConfig.count, certificates: inInventory.count };
}
