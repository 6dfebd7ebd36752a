// What a test reads of a sandbox PDF: its text as a reader extracts it, and its fonts.
import { PDFArray, PDFDict, type PDFDocument, PDFName, type PDFObject } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';

export async function textOf(pdf: Uint8Array) {
  // pdf.js takes ownership of the buffer it is given, so hand it a copy.
  const { text } = await extractText(await getDocumentProxy(pdf.slice()), { mergePages: true });
  return text;
}

/** Each font a page of the document uses, by its name in the page's resources, and whether its descriptor holds a font file. */
export function fontsOf(doc: PDFDocument): { name: string; embedded: boolean }[] {
  const dict = (value: PDFObject | undefined) => doc.context.lookup(value, PDFDict);
  return doc.getPages().flatMap((page) => {
    const fonts = dict(page.node.Resources()!.get(PDFName.of('Font')));
    return fonts.keys().map((key) => {
      const font = dict(fonts.get(key));
      // A composite font (Type0) describes its glyphs in its one descendant.
      const described =
        font.get(PDFName.of('Subtype')) === PDFName.of('Type0') ? dict(doc.context.lookup(font.get(PDFName.of('DescendantFonts')), PDFArray).get(0)) : font;
      const descriptor = described.get(PDFName.of('FontDescriptor'));
      const files = descriptor === undefined ? [] : ['FontFile', 'FontFile2', 'FontFile3'].filter((file) => dict(descriptor).has(PDFName.of(file)));
      return { name: key.asString(), embedded: files.length > 0 };
    });
  });
}
