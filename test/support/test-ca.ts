import { webcrypto } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * A throwaway certificate authority and a `localhost` leaf certificate,
 * made fresh for each test run (nothing is checked in). The hub trusts the
 * CA through NODE_EXTRA_CA_CERTS (server process) or its `extraCa` option
 * (in-process); TLS verification itself is never turned off.
 */
export interface TestTls {
  caPem: string;
  certPem: string;
  keyPem: string;
}

/**
 * @peculiar/x509 (through tsyringe) needs the Reflect metadata API, and no
 * polyfill package is installed. Its use here is three calls, so this is a
 * minimal one: metadata per object, looked up along the prototype chain.
 */
function installReflectMetadata(): void {
  const reflect = Reflect as unknown as Record<string, unknown>;
  if (typeof reflect.getMetadata === "function") return;
  const store = new WeakMap<object, Map<unknown, unknown>>();
  const own = (target: object, key: unknown) => store.get(target)?.get(key);
  reflect.defineMetadata = (key: unknown, value: unknown, target: object) => {
    if (!store.has(target)) store.set(target, new Map());
    store.get(target)!.set(key, value);
  };
  reflect.getOwnMetadata = own;
  reflect.getMetadata = (key: unknown, target: object) => {
    for (let current: object | null = target; current !== null; current = Object.getPrototypeOf(current) as object | null) {
      const value = own(current, key);
      if (value !== undefined) return value;
    }
    return undefined;
  };
}

const ALGORITHM = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" } as const;

function toPem(label: string, der: ArrayBuffer): string {
  const base64 = Buffer.from(der).toString("base64").replace(/.{64}/g, "$&\n");
  return `-----BEGIN ${label}-----\n${base64}${base64.endsWith("\n") ? "" : "\n"}-----END ${label}-----\n`;
}

export async function createTestTls(hostNames: readonly string[] = ["localhost"], validDays = 2): Promise<TestTls> {
  installReflectMetadata();
  const x509 = await import("@peculiar/x509");
  const crypto = webcrypto as unknown as Crypto;
  x509.cryptoProvider.set(crypto);
  const notBefore = new Date(Date.now() - 60_000);
  const notAfter = new Date(Date.now() + validDays * 24 * 60 * 60_000);
  const caKeys = (await crypto.subtle.generateKey(ALGORITHM, true, ["sign", "verify"])) as CryptoKeyPair;
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    name: "CN=Keystone WebSub Test CA (throwaway)",
    keys: caKeys,
    notBefore,
    notAfter,
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(caKeys.publicKey),
    ],
  });
  const leafKeys = (await crypto.subtle.generateKey(ALGORITHM, true, ["sign", "verify"])) as CryptoKeyPair;
  const leaf = await x509.X509CertificateGenerator.create({
    subject: "CN=localhost",
    issuer: ca.subject,
    publicKey: leafKeys.publicKey,
    signingKey: caKeys.privateKey,
    notBefore,
    notAfter,
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension([
        ...hostNames.map((value) => ({ type: "dns" as const, value })),
        { type: "ip", value: "127.0.0.1" },
        { type: "ip", value: "::1" },
      ]),
      await x509.AuthorityKeyIdentifierExtension.create(caKeys.publicKey),
    ],
  });
  return {
    caPem: ca.toString("pem") + "\n",
    certPem: leaf.toString("pem") + "\n",
    keyPem: toPem("PRIVATE KEY", await crypto.subtle.exportKey("pkcs8", leafKeys.privateKey)),
  };
}

/** Writes ca.pem, cert.pem and key.pem into `dir` (for NODE_EXTRA_CA_CERTS and the test subscriber). */
export function writeTestTls(dir: string, tls: TestTls): { caPath: string } {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "ca.pem"), tls.caPem);
  writeFileSync(join(dir, "cert.pem"), tls.certPem);
  writeFileSync(join(dir, "key.pem"), tls.keyPem, { mode: 0o600 });
  return { caPath: join(dir, "ca.pem") };
}
