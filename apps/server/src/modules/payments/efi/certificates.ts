/**
 * Reads the EFI client certificate (.p12 / PKCS#12) into PEM for node's TLS stack.
 *
 * Why node-forge instead of `https.Agent({ pfx })`: EFI hands out .p12 files from its dashboard
 * (https://dev.efipay.com.br/docs/api-pix/credenciais), and older ones use the legacy PKCS#12
 * algorithms (RC2-40 / 3DES with a SHA-1 MAC) that OpenSSL 3, and so node 18+, refuses without the
 * legacy provider ("unsupported"). forge reads both those and the OpenSSL 3 default
 * (PBES2 / AES-256-CBC with a SHA-256 MAC).
 */
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type Forge from 'node-forge';
import { lazyModule } from '../../../lib/lazy-module';

const loadForge = lazyModule<typeof Forge>('node-forge');

export interface PemKeyPair {
  /** The private key (PKCS#1 for RSA, PKCS#8 otherwise). */
  key: string;
  /** The client certificate, followed by any chain certificates found in the file. */
  cert: string;
}

/** PKCS#12 SafeBag types (RFC 7292 section 4.2). */
const BAG = {
  key: '1.2.840.113549.1.12.10.1.1',
  pkcs8ShroudedKey: '1.2.840.113549.1.12.10.1.2',
  cert: '1.2.840.113549.1.12.10.1.3',
} as const;

/** Loads a .p12 file. The error never contains the password. */
export function loadP12(path: string, password: string): PemKeyPair {
  let der: Buffer;
  try {
    der = readFileSync(path);
  } catch (error) {
    throw new Error(`EFI certificate: cannot read ${path} (EFI_CERT_P12)`, { cause: error });
  }
  try {
    return p12ToPem(der, password);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`EFI certificate: cannot open ${path} (check EFI_CERT_PASSWORD): ${reason}`);
  }
}

/** Converts a PKCS#12 (DER bytes) to PEM key and certificate chain. */
export function p12ToPem(der: Buffer, password: string): PemKeyPair {
  const forge = loadForge();
  const asn1 = forge.asn1.fromDer(forge.util.createBuffer(der.toString('binary')));
  const p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);

  const bagsOf = (type: string) => p12.getBags({ bagType: type })[type] ?? [];
  const keyBags = [...bagsOf(BAG.pkcs8ShroudedKey), ...bagsOf(BAG.key)];
  const keyBag = keyBags[0];
  if (!keyBag) throw new Error('no private key in the PKCS#12 file');
  // forge only models RSA keys; any other type is kept as its PrivateKeyInfo ASN.1.
  const key = keyBag.key
    ? forge.pki.privateKeyToPem(keyBag.key)
    : keyBag.asn1
      ? forge.pki.privateKeyInfoToPem(keyBag.asn1)
      : null;
  if (!key) throw new Error('unreadable private key in the PKCS#12 file');

  const certs = bagsOf(BAG.cert).flatMap((bag) => {
    if (bag.cert) return [forge.pki.certificateToPem(bag.cert)];
    if (bag.asn1) {
      return [
        forge.pem.encode({ type: 'CERTIFICATE', body: forge.asn1.toDer(bag.asn1).getBytes() }),
      ];
    }
    return [];
  });
  if (certs.length === 0) throw new Error('no certificate in the PKCS#12 file');

  // TLS sends the first certificate as the client's own: put the one matching the key first.
  const privateKey = createPrivateKey(key);
  const leafIndex = certs.findIndex((pem) => new X509Certificate(pem).checkPrivateKey(privateKey));
  if (leafIndex < 0) throw new Error('no certificate in the PKCS#12 file matches its private key');
  const ordered = [certs[leafIndex]!, ...certs.filter((_, i) => i !== leafIndex)];
  return { key, cert: ordered.map((pem) => pem.trim()).join('\n') + '\n' };
}
