/**
 * Test support: the certificates of the fake EFI Pix API (fake-efi-server.ts): a CA, the server's
 * certificate for loopback and a client certificate (PEM and PKCS#12), in a temporary folder.
 * Not for production code.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import forge from 'node-forge';

export interface TestPki {
  /** CA that signed the server and client certificates (clients trust it for the server). */
  caCertPem: string;
  serverKeyPem: string;
  serverCertPem: string;
  clientKeyPem: string;
  clientCertPem: string;
  /** The client certificate and key as a password-protected .p12, like EFI hands out. */
  clientP12Path: string;
  clientP12Password: string;
  /** Removes the temporary folder with the .p12. */
  cleanup(): void;
}

interface Issued {
  keys: forge.pki.rsa.KeyPair;
  cert: forge.pki.Certificate;
}

function issueCertificate(options: {
  commonName: string;
  bits: number;
  issuer?: Issued;
  isCa?: boolean;
  altNames?: { type: number; value?: string; ip?: string }[];
  clientAuth?: boolean;
  validity?: { notBefore: Date; notAfter: Date };
}): Issued {
  // forge delegates to node's native key generation when it can, so 2048-bit keys are fast.
  const keys = forge.pki.rsa.generateKeyPair({ bits: options.bits, e: 0x10001 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = options.validity?.notBefore ?? new Date(Date.now() - 60_000);
  cert.validity.notAfter = options.validity?.notAfter ?? new Date(Date.now() + 24 * 3600_000);
  const subject = [
    { name: 'commonName', value: options.commonName },
    { name: 'organizationName', value: 'Fake EFI Test' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(options.issuer ? options.issuer.cert.subject.attributes : subject);
  const extensions: object[] = [
    { name: 'basicConstraints', cA: options.isCa === true, critical: true },
  ];
  if (options.isCa) {
    extensions.push({ name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true });
  } else {
    extensions.push({
      name: 'keyUsage',
      digitalSignature: true,
      keyEncipherment: true,
      critical: true,
    });
    extensions.push({
      name: 'extKeyUsage',
      serverAuth: !options.clientAuth,
      clientAuth: options.clientAuth === true,
    });
  }
  if (options.altNames) extensions.push({ name: 'subjectAltName', altNames: options.altNames });
  cert.setExtensions(extensions);
  cert.sign((options.issuer ?? { keys }).keys.privateKey, forge.md.sha256.create());
  return { keys, cert };
}

/**
 * Creates a CA, a server certificate for localhost / 127.0.0.1 and a client certificate, both
 * signed by the CA, and writes the client one as a .p12 (AES-256, SHA-256 MAC) to a temp folder.
 */
export function generateTestPki(
  options: {
    bits?: number;
    p12Password?: string;
    /** Validity of the client certificate (default: from a minute ago to a day from now). */
    clientValidity?: { notBefore: Date; notAfter: Date };
    /** Issue the client certificate for servers instead (not a client certificate). */
    clientIsServer?: boolean;
  } = {},
): TestPki {
  const bits = options.bits ?? 2048;
  const ca = issueCertificate({ commonName: 'Fake EFI Test CA', bits, isCa: true });
  const server = issueCertificate({
    commonName: 'localhost',
    bits,
    issuer: ca,
    altNames: [
      { type: 2, value: 'localhost' },
      { type: 7, ip: '127.0.0.1' },
    ],
  });
  const client = issueCertificate({
    commonName: 'fake-efi-client',
    bits,
    issuer: ca,
    clientAuth: options.clientIsServer !== true,
    ...(options.clientValidity ? { validity: options.clientValidity } : {}),
  });

  const password = options.p12Password ?? 'senha-do-certificado';
  const p12 = forge.pkcs12.toPkcs12Asn1(client.keys.privateKey, [client.cert, ca.cert], password, {
    algorithm: 'aes256',
    friendlyName: 'fake-efi-client',
  });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fake-efi-'));
  const clientP12Path = path.join(dir, 'client.p12');
  writeFileSync(clientP12Path, Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'), {
    mode: 0o600,
  });

  return {
    caCertPem: forge.pki.certificateToPem(ca.cert),
    serverKeyPem: forge.pki.privateKeyToPem(server.keys.privateKey),
    serverCertPem: forge.pki.certificateToPem(server.cert),
    clientKeyPem: forge.pki.privateKeyToPem(client.keys.privateKey),
    clientCertPem: forge.pki.certificateToPem(client.cert),
    clientP12Path,
    clientP12Password: password,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
