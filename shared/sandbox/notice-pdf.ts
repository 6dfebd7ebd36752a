// The notice as a DIVA PDF would carry it, made up by the sandbox: one page naming the record's
// values, marked as the sandbox's, so a client can try fetching and showing a notice.

import type { SandboxRecord } from '#shared/ports/sandbox-mailbox-store.ts';
import { clipToWidth } from '#shared/sandbox/fitted-text.ts';
import { PageContents, type Color } from '#shared/sandbox/page-contents.ts';
import { pageSize, sandboxDocument, type Typeface } from '#shared/sandbox/sandbox-pdf.ts';

const black: Color = [0, 0, 0];
const alert: Color = [0.7, 0.1, 0.1];
const margin = 56;
const labels: Record<string, string> = {
  veranlagungsjahr: 'Veranlagungsjahr',
  finanzamt: 'Finanzamt',
  steuernummer: 'Steuernummer',
  bescheiddatum: 'Bescheiddatum',
  erklaerungsticket: 'Transferticket der Erklärung',
  verfuegbarbis: 'Verfügbar bis',
};

export async function noticePdf(record: Pick<SandboxRecord, 'record_id' | 'metas' | 'available_at'>): Promise<Uint8Array> {
  const { regular, bold, save } = await sandboxDocument(record.record_id);
  const page = new PageContents();
  let y = pageSize[1] - margin;
  const line = (text: string, face: Typeface = regular, size = 11, color = black) => {
    const shown = clipToWidth(text, face.metrics, size, pageSize[0] - 2 * margin);
    page.text(shown, { x: margin, y, font: face.font, resource: face.resource, size, color });
    y -= size + 8;
  };
  line('Bescheid für ' + (record.metas.veranlagungsjahr ?? ''), bold, 18);
  line('Sandbox — kein Bescheid der Finanzverwaltung / not a notice of the tax authority', bold, 9, alert);
  for (const [name, label] of Object.entries(labels)) if (record.metas[name] !== undefined) line(`${label}: ${record.metas[name]}`);
  return save([page], { title: 'Bescheid', subject: 'Bescheid (Sandbox)', date: new Date(record.available_at) });
}
