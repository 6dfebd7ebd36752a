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
  io.stdout.write(io.json ? jsonText(kept, io.json) : `kept ${described(kept)}`);
  return 0;
}

export async function list(client: Steuerbote, io: Io): Promise<number> {
  const certificates = await client.certificates.list();
  if (io.json) io.stdout.write(jsonText(certificates, io.json));
  else if (certificates.length === 0) io.stdout.write('no certificates yet; add one with: steuerbote certificates add <file.pfx>\n');
  else {
    const usable = (c: (typeof certificates)[number]) => (c.locked_until ? `no, locked until ${c.locked_until}` : c.usable ? 'yes' : 'no');
    const rows = certificates.map((c) => [
      c.certificate_id,
      c.label ?? '',
      c.pin_storage,
      c.not_after.slice(0, 10),
      String(c.expires_in_days),
      usable(c),
      c.subject,
    ]);
    io.stdout.write(table(['ID', 'LABEL', 'PIN', 'EXPIRES', 'DAYS LEFT', 'USABLE', 'SUBJECT'], rows));
  }
  return 0;
}

export async function remove(client: Steuerbote, id: string, io: Io): Promise<number> {
  const deleted = await client.certificates.remove(id);
  io.stdout.write(io.json ? jsonText(deleted, io.json) : `deleted ${id}\n`);
  return 0;
}
