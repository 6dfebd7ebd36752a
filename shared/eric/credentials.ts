// The signing certificate (.pfx) and its PIN. Locally they come from a file and the environment; on
// AWS from Secrets Manager, read once per container (like the webhook keys, shared/webhooks/
// signing-keys.ts) and, for the certificate, written to a file only this process's user can read,
// because ERiC opens certificates by path. Neither ever reaches a log line.

import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getSecret } from '@aws-lambda-powertools/parameters/secrets';
import { ConfigError, type EricSigning } from '#shared/config.ts';

export interface EricCredentials {
  certificatePath: string;
  pin: string;
}

export type FetchSecret = (secretId: string) => Promise<string | Uint8Array | undefined>;

const secretsManager: FetchSecret = (secretId) => getSecret<string | Uint8Array>(secretId);

/** Told of the credentials once they are read, before their first use: to see the certificate's expiry coming. */
export type CredentialsRead = (credentials: EricCredentials) => Promise<void>;

/**
 * Reads the credentials on first use and keeps them for the life of the container. A failed read
 * is not kept, so the next transmission tries again.
 */
export function credentialsLoader(config: EricSigning, fetchSecret: FetchSecret = secretsManager, onRead?: CredentialsRead): () => Promise<EricCredentials> {
  let loading: Promise<EricCredentials> | undefined;
  return () => {
    loading ??= load(config, fetchSecret, onRead).catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

async function load(config: EricSigning, fetchSecret: FetchSecret, onRead?: CredentialsRead): Promise<EricCredentials> {
  const [certificatePath, pin] = await Promise.all([certificateFile(config.certificate, fetchSecret), readPin(config.pin, fetchSecret)]);
  await onRead?.({ certificatePath, pin });
  return { certificatePath, pin };
}

async function certificateFile(certificate: EricSigning['certificate'], fetchSecret: FetchSecret): Promise<string> {
  if ('path' in certificate) return certificate.path;
  const secret = await fetchSecret(certificate.secretId);
  const bytes = typeof secret === 'string' ? base64(secret) : secret;
  if (!bytes?.length) throw new ConfigError('ERIC_CERT_SECRET_ARN names a secret that holds no certificate (binary, or base64 text)');
  const path = join(await mkdtemp(join(tmpdir(), 'steuerbote-eric-cert-')), 'certificate.pfx');
  await writeFile(path, bytes, { mode: 0o600 });
  return path;
}

function base64(text: string): Uint8Array | undefined {
  const compact = text.replace(/\s+/g, '');
  return /^[A-Za-z0-9+/]+={0,2}$/.test(compact) ? Buffer.from(compact, 'base64') : undefined;
}

async function readPin(pin: EricSigning['pin'], fetchSecret: FetchSecret): Promise<string> {
  if ('value' in pin) return pin.value;
  if ('file' in pin) {
    const text = await readFile(pin.file, 'utf8').catch(() => {
      throw new ConfigError(`ERIC_CERT_PIN_FILE names no readable file: ${pin.file}`);
    });
    // An editor's final newline is not part of the PIN.
    const value = text.replace(/\r?\n$/, '');
    if (!value) throw new ConfigError('ERIC_CERT_PIN_FILE names an empty file');
    return value;
  }
  const secret = await fetchSecret(pin.secretId);
  const value = typeof secret === 'string' ? secret : secret && Buffer.from(secret).toString('utf8');
  if (!value) throw new ConfigError('ERIC_CERT_PIN_SECRET_ARN names a secret that holds no PIN');
  return value;
}
