// A document of the sandbox (its protocol, its made-up notices) in the two faces every reader shows
// alike, embedded as subsets (shared/sandbox/fonts.ts); each page written as PDF operators
// (shared/sandbox/page-contents.ts).

import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, type PDFFont } from 'pdf-lib';
import { faces, parsedFonts, type Face } from '#shared/sandbox/fonts.ts';
import type { PageContents } from '#shared/sandbox/page-contents.ts';

export const pageSize: [number, number] = [595.28, 841.89]; // A4

/** A face's metrics, for fitting and aligning, the font it is drawn in and its name in a page's resources. */
export interface Typeface {
  metrics: Face;
  font: PDFFont;
  resource: string;
}

export interface DocumentInfo {
  title: string;
  subject: string;
  /** Also the document's dates, so equal input gives equal bytes. */
  date: Date;
}

/**
 * A document with both faces embedded; `seed` (a ticket, a record's ID) names their subsets, so the
 * same input gives the same bytes. `save` writes the pages handed to it.
 */
export async function sandboxDocument(seed: string) {
  // updateMetadata: false keeps pdf-lib from stamping the current time and its own name into the document.
  const doc = await PDFDocument.create({ updateMetadata: false });
  deflateNatively(doc);
  doc.registerFontkit(parsedFonts);
  const embedded = async (metrics: Face, resource: string): Promise<Typeface> => ({
    metrics,
    font: await doc.embedFont(metrics.file, { subset: true, customName: `${subsetTag(seed, resource)}+${metrics.name}` }),
    resource,
  });
  const [regular, bold] = await Promise.all([embedded(faces().regular, 'F1'), embedded(faces().bold, 'F2')]);

  async function save(pages: readonly PageContents[], info: DocumentInfo): Promise<Uint8Array> {
    for (const contents of pages) {
      const page = doc.addPage(pageSize);
      for (const { font, resource } of [regular, bold]) page.node.setFontDictionary(PDFName.of(resource), font.ref);
      page.node.addContentStream(doc.context.register(doc.context.flateStream(contents.contents)));
    }
    doc.setTitle(info.title);
    doc.setSubject(info.subject);
    doc.setLanguage('de-DE');
    doc.setProducer('steuerbote');
    doc.setCreator('steuerbote');
    doc.setCreationDate(info.date);
    doc.setModificationDate(info.date);
    // Without object streams, which pdf-lib would deflate in JavaScript too.
    return doc.save({ useObjectStreams: false });
  }
  return { regular, bold, save };
}

// pdf-lib deflates in JavaScript (pako), which took half of a protocol's rendering time; Node's
// zlib gives the same FlateDecode stream natively (BENCHMARKS.md, 2026-11-25). Every stream of the
// document is deflated through its context: the fonts' files and character maps as pdf-lib embeds
// them, and the pages' contents.
function deflateNatively(doc: PDFDocument): void {
  const { context } = doc;
  context.flateStream = (contents, dict = {}) =>
    context.stream(deflateSync(typeof contents === 'string' ? Buffer.from(contents, 'latin1') : contents), { ...dict, Filter: 'FlateDecode' });
}

/**
 * The six capital letters that name a font's subset before its own name, as PDF wants them (ISO
 * 32000-1, 9.6.4): one subset differs from another of the same font in another document, and the
 * same input gives the same bytes.
 */
function subsetTag(seed: string, resource: string): string {
  const digest = createHash('sha256').update(`${seed}/${resource}`).digest();
  return Array.from(digest.subarray(0, 6), (byte) => String.fromCharCode(65 + (byte % 26))).join('');
}
