// The notice as a DIVA PDF would carry it, made up by the sandbox: one page naming the record's
// values, marked as the sandbox's, so a client can try fetching and showing a notice.

import { helvetica, helveticaBold, Page, writePdf, type Color } from '#shared/sandbox/text-pdf.ts';
import type { SandboxRecord } from '#shared/ports/sandbox-mailbox-store.ts';

const black: Color = [0, 0, 0];
const alert: Color = [0.7, 0.1, 0.1];
const labels: Record<string, string> = {
  veranlagungsjahr: 'Veranlagungsjahr',
  finanzamt: 'Finanzamt',
  steuernummer: 'Steuernummer',
  bescheiddatum: 'Bescheiddatum',
  erklaerungsticket: 'Transferticket der Erklärung',
  verfuegbarbis: 'Verfügbar bis',
};

export async function noticePdf(record: Pick<SandboxRecord, 'metas' | 'available_at'>): Promise<Uint8Array> {
  const page = new Page();
  let y = 780;
  const line = (text: string, face = helvetica, size = 11, color = black) => {
    page.text(text, { x: 56, y, face, size, color });
    y -= size + 8;
  };
  line('Bescheid für ' + (record.metas.veranlagungsjahr ?? ''), helveticaBold, 18);
  line('Sandbox — kein Bescheid der Finanzverwaltung / not a notice of the tax authority', helveticaBold, 9, alert);
  for (const [name, label] of Object.entries(labels)) if (record.metas[name] !== undefined) line(`${label}: ${record.metas[name]}`);
  return writePdf([page], [595.28, 841.89], {
    title: 'Bescheid',
    subject: 'Bescheid (Sandbox)',
    language: 'de-DE',
    producer: 'steuerbote',
    creator: 'steuerbote',
    date: new Date(record.available_at),
  });
}
