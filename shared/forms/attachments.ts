// The attachments a letter to the tax office carries beside its element in the Nutzdaten (`Anhaenge`,
// shared/elster/schemas/Anhaenge-simple-3.xsd), and ERiC's rules on them, as each letter's workbook has
// them (sheet "Anhaenge - Regeln" of Jahresdokumentation_Einspruch_22.xml, _SonstigeNachrichten_21.xml,
// …): PDF only, at most 20 files, each at most 10,485,760 bytes and all together at most 38,700,000,
// each name once, the feedback ELSTER sends about them always asked for. Written by hand: those
// rules stand on a form ("Vordruck") around the element and on the size ERiC counts itself
// (Dateigroesse), which no caller's XML carries. The body carries the element field for field
// (shared/forms/element-body.ts), each file's content base64 inside the request, or named by the ID of
// an upload apart from it (contract §13, shared/forms/uploaded-attachments.ts), which the check puts
// in its place.
import type { Finding } from '#shared/domain/ticket.ts';
import { attachmentsNamespace, attachmentsVersion } from '#shared/forms/attachments-schema.ts';
import { readCallerNutzdaten } from '#shared/xml/caller-nutzdaten.ts';
import { readStructure } from '#shared/xml/structure.ts';
import type { XmlTree } from '#shared/xml/xml.ts';

/** ERiC's limits on a letter's attachments (the workbooks' rules named below). */
export const attachmentLimits = { files: 20, fileBytes: 10_485_760, totalBytes: 38_700_000, type: 'application/pdf' } as const;

/**
 * The most the attachments' XML may hold, above the reader's cap for Nutzdaten: a few elements with
 * long base64 text, ERiC's limit on all files together once encoded, and room for the elements around
 * them. Only files uploaded apart from the request come near it: a request's body limit (1 MiB,
 * shared/http/json-body.ts) binds a caller's XML and content carried in the body first.
 */
export const attachmentsXmlBytes = Math.ceil(attachmentLimits.totalBytes / 3) * 4 + 1024 * 1024;

/** The generated structure of the attachments' schema (attachments.json), read when first needed. */
export const attachmentsStructure = () => readStructure(new URL('./attachments.json', import.meta.url));

const children = (node: XmlTree | undefined, name: string) => node?.children.filter((child) => child.name === name) ?? [];
const textOf = (node: XmlTree | undefined, name: string) => children(node, name)[0]?.text;

/** The bytes of base64 text, whitespace between its characters allowed. */
const decoded = (text: string) => Buffer.from(text.replace(/\s+/g, ''), 'base64');

/**
 * The Anhaenge element `xml` checked: its structure, then ERiC's rules; `datenart` names the two rules
 * each letter's workbook names after its Datenart, `pathOf` an element below the root for a finding.
 */
export function attachmentFindings(xml: string, datenart: string, pathOf: (names: readonly string[]) => string): { findings: Finding[]; files: number } {
  const read = readCallerNutzdaten(xml, {
    year: Number(attachmentsVersion),
    version: attachmentsVersion,
    structure: attachmentsStructure(),
    rootLabel: 'an <Anhaenge> element (the attachments)',
    namespace: attachmentsNamespace,
    pathOf,
    maxBytes: attachmentsXmlBytes,
  });
  if (!read.ok) return { findings: read.findings, files: 0 };
  const { tree } = read;
  const findings = [...read.findings];
  const rule = (name: string, names: readonly string[], message: string) =>
    findings.push({ path: pathOf(names), code: 'ERIC_RULE', message: `${message} (ERiC's rule ${name})`, rule: name });
  const files = children(tree, 'Anhang');
  const feedback = children(tree, 'Rueckmeldung')[0];
  if (!feedback) rule('Rueckmeldung_erforderlich', ['Rueckmeldung'], 'is required: ELSTER reports on the attachments it checks');
  else if (textOf(feedback, 'RueckmeldungGewuenscht') !== 'true')
    rule('Rueckmeldung_ist_nicht_True', ['Rueckmeldung', 'RueckmeldungGewuenscht'], 'must be "true": this Datenart always asks for ELSTER\'s feedback');
  if (files.length === 0) rule('Mindestens_ein_Anhang', ['Anhang'], 'is required: attachments name at least one file');
  if (files.length > attachmentLimits.files)
    rule(`Anzahlbeschraenkung_Anh_${datenart}`, ['Anhang'], `holds ${files.length} files, at most ${attachmentLimits.files} may be sent`);
  const names = files.map((file) => textOf(file, 'Dateibezeichnung'));
  let total = 0;
  files.forEach((file, index) => {
    const at = (name: string) => ['Anhang', String(index), name];
    const type = textOf(file, 'Dateityp');
    const content = textOf(file, 'Dateiinhalt');
    if (names.indexOf(names[index]) !== index)
      rule('Bezeichnung_eindeutig', at('Dateibezeichnung'), 'names another file of the same attachments: each name once');
    if (names[index] === undefined || type === undefined || content === undefined)
      rule(
        'Dateieigenschaften_gemeinsam_eric',
        at(content === undefined ? 'Dateiinhalt' : 'Dateityp'),
        'must be given with the name, type and content of the file',
      );
    if (type !== undefined && type !== attachmentLimits.type)
      rule(`Dateitypbeschraenkung_Anh_${datenart}`, at('Dateityp'), 'must be "application/pdf": ELSTER takes PDF files only');
    if (content === undefined) return;
    const bytes = decoded(content);
    total += bytes.length;
    if (bytes.length > attachmentLimits.fileBytes)
      rule('Dateigroesse_einzelner_Anhang_ueberschritten', at('Dateiinhalt'), `holds ${bytes.length} bytes, at most ${attachmentLimits.fileBytes} per file`);
    if (type === attachmentLimits.type && bytes.subarray(0, 5).toString('latin1') !== '%PDF-')
      findings.push({
        path: pathOf(at('Dateiinhalt')),
        code: 'ATTACHMENT_NOT_PDF',
        message: 'does not look like a PDF file: its base64 content does not begin with "%PDF-" once decoded',
        // ELSTER's own samples carry content that is no PDF: ERiC does not look inside, the tax office will.
        severity: 'hint',
      });
  });
  if (total > attachmentLimits.totalBytes)
    rule('Dateigroesse_Anhaenge_Gesamt_ueberschritten', ['Anhang'], `hold ${total} bytes together, at most ${attachmentLimits.totalBytes}`);
  return { findings, files: files.length };
}
