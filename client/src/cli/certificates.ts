// `steuerbote certificates add|list|rm`: a client's own ELSTER certificates, kept sealed by the service.
import type { Steuerbote } from '../client.ts';
import type { Certificate, CertificateUpload } from '../types.ts';
import { table } from './table.ts';
import type { Io } from './submit.ts';
import { readInput } from './read-input.ts';
import { jsonText } from './json-output.ts';

export interface AddRequest {
  file: string;
  pin: string;
  label: string | undefined;
  pinStorage: CertificateUpload['pin_storage'];
}

const described = (certificate: Certificate) =>
  `${certificate.certificate_id}  ${certificate.subject}  expires ${certificate.not_after.slice(0, 10)}${certificate.label ? `  (${certificate.label})` : ''}\n`;

export async function add(client: Steuerbote, request: AddRequest, io: Io): Promise<number> {
  const container = await readInput(request.file);
  const upload: CertificateUpload = {
    pkcs12: container.toString('base64'),
    pin: request.pin,
    ...(request.label && { label: request.label }),
    ...(request.pinStorage && { pin_storage: request.pinStorage }),
  };
  const kept = await client.certificates.add(upload);
  io.stdout.write(io.json ? await jsonText(kept, io.json) : `kept ${described(kept)}`);
  return 0;
}

/** Every field a certificate has, for --json-fields to check even when there is none. */
const every: Record<keyof Certificate, true> = {
  certificate_id: true,
  label: true,
  subject: true,
  issuer: true,
  serial: true,
  not_before: true,
  not_after: true,
  fingerprint_sha256: true,
  key_type: true,
  key_bits: true,
  pin_storage: true,
  created_at: true,
  expires_in_days: true,
  usable: true,
  problems: true,
  locked_until: true,
  mailbox_checks: true,
};
const certificateFields = Object.keys(every);

/** Whether it can sign now, and if not, why: locked after wrong PINs, or what is wrong with it. */
const usable = (c: Certificate) =>
  c.locked_until ? 'no, locked' : c.usable ? 'yes' : `no: ${c.problems.map((problem) => problem.code).join(', ') || 'see --json'}`;

const minutesLeft = (until: string) => `${Math.max(1, Math.ceil((Date.parse(until) - Date.now()) / 60_000))} min left`;

export async function list(client: Steuerbote, io: Io): Promise<number> {
  const certificates = await client.certificates.list();
  if (io.json) io.stdout.write(await jsonText(certificates, io.json, certificateFields));
  else if (certificates.length === 0) io.stdout.write('no certificates yet; add one with: steuerbote certificates add <file.pfx>\n');
  else {
    const rows = certificates.map((c) => [
      c.certificate_id,
      c.label ?? '',
      c.pin_storage,
      c.not_after.slice(0, 10),
      String(c.expires_in_days),
      usable(c),
      c.locked_until ? `${c.locked_until.slice(0, 19).replace('T', ' ')} (${minutesLeft(c.locked_until)})` : '-',
      c.subject,
    ]);
    io.stdout.write(table(['ID', 'LABEL', 'PIN', 'EXPIRES', 'DAYS LEFT', 'USABLE', 'LOCKED UNTIL (UTC)', 'SUBJECT'], rows));
  }
  return 0;
}

export async function remove(client: Steuerbote, id: string, io: Io): Promise<number> {
  const deleted = await client.certificates.remove(id);
  io.stdout.write(io.json ? await jsonText(deleted, io.json) : `deleted ${id}\n`);
  return 0;
}
