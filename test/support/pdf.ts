// A small PDF that pdf-lib loads back, as the example receiver demands: the same bytes for the same
// title, other bytes for another.

import { randomUUID } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';

export async function samplePdf(title: string = randomUUID()): Promise<Buffer> {
  const document = await PDFDocument.create({ updateMetadata: false });
  document.setTitle(title);
  document.addPage();
  return Buffer.from(await document.save());
}
