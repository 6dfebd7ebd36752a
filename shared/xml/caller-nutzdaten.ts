// What every caller's Nutzdaten go through before a reader looks at their figures: the strict
// reader, the right root in the right namespace and version, nothing from another vocabulary, and
// the structure of that year's schema. One path for both forms, so neither can be looser.
import type { Finding } from '#shared/domain/ticket.ts';
import { type CompactStructure, type SchemaCheck, schemaFindings } from '#shared/xml/structure.ts';
import { elementOf, foreignMarkup, readXml, type XmlElement, type XmlTree } from '#shared/xml/xml.ts';

export interface NutzdatenFrame extends SchemaCheck {
  year: number;
  /** The whole structure of that year's schema; its root is the element the document must have. */
  structure: CompactStructure;
  /** What the root is, for a person: "the UStVA Nutzdaten, an <Anmeldungssteuern> element". */
  rootLabel: string;
  /** The root's default namespace; '' where the schema has none (the ZM's). */
  namespace: string;
  /** The root's `version`, where it is not the year (the ZM's schema version). */
  version?: string;
  /** A cap above the reader's own (shared/xml/xml.ts `maxBytes`). */
  maxBytes?: number;
}

export type CallerNutzdaten = { ok: true; tree: XmlTree; element: XmlElement; findings: Finding[] } | { ok: false; findings: Finding[] };

const refused = (code: string, message: string, expected?: string): CallerNutzdaten => ({
  ok: false,
  findings: [{ path: 'xml', code, message, ...(expected !== undefined && { expected }) }],
});

/**
 * Reads a caller's Nutzdaten for `frame`: a document that cannot be read, or has another root, is
 * refused at once; namespace, version and structure findings come with the tree, so a caller sees
 * them together with what the form's reader finds.
 */
export function readCallerNutzdaten(xml: string, frame: NutzdatenFrame): CallerNutzdaten {
  const read = readXml(xml, { strict: true, ...(frame.maxBytes !== undefined && { maxBytes: frame.maxBytes }) });
  if (!read.ok) return refused(read.problem.code, read.problem.message);
  const { tree } = read;
  const root = frame.structure.root;
  if (tree.name !== root) return refused('XML_ROOT', `must be ${frame.rootLabel} without a namespace prefix, not <${tree.name}>`, root);
  const foreign = foreignMarkup(tree);
  if (foreign) return refused('XML_NAMESPACE', foreign);

  const findings: Finding[] = [];
  const version = frame.version ?? String(frame.year);
  // Compared exactly, as ERiC's schema check does: a namespace with a stray space is another namespace.
  if ((tree.attributes.xmlns ?? '') !== frame.namespace) {
    findings.push(
      frame.namespace === ''
        ? { path: 'xml', code: 'XML_NAMESPACE', message: "must declare no namespace: ELSTER's schema of this form has none" }
        : {
            path: 'xml',
            code: 'XML_NAMESPACE',
            message: `must declare ELSTER's namespace of the ${frame.year} form as its default namespace`,
            expected: frame.namespace,
          },
    );
  }
  if (tree.attributes.version !== version) {
    const form = frame.version === undefined ? `the form of the year ${frame.year}` : "the version of ELSTER's schema";
    findings.push({ path: 'xml', code: 'XML_VERSION', message: `must carry version="${version}", ${form}`, expected: version });
  }
  // The root's version is XML_VERSION's above, in the words callers know.
  const ownValue = (names: readonly string[]) => (names.length === 1 && names[0] === '@version') || (frame.ownValue?.(names) ?? false);
  findings.push(...schemaFindings(tree, frame.structure, { ...frame, ownValue }));
  // Made when a reader first asks for it: some read the tree alone, and thousands of elements cost.
  let element: XmlElement | undefined;
  return {
    ok: true,
    tree,
    get element() {
      return (element ??= elementOf(tree, false));
    },
    findings,
  };
}

const childText = (tree: XmlTree, ...names: string[]) => {
  let node: XmlTree | undefined = tree;
  for (const name of names) node = node?.children.find((child) => child.name === name);
  return node?.text;
};

/**
 * Reads a caller's declaration whose Vorsatz names its year and tax number (the annual returns E50,
 * E30): as `readCallerNutzdaten`, and Vorsatz/Zeitraum must be `year`, Vorsatz/StNr a 13-digit tax
 * number (the form's check holds it to the request).
 */
export function readVorsatzNutzdaten(xml: string, frame: Omit<NutzdatenFrame, 'ownValue'>): CallerNutzdaten {
  const pathOf = frame.pathOf;
  const read = readCallerNutzdaten(xml, {
    ...frame,
    ownValue: (names) => names.length === 2 && names[0] === 'Vorsatz' && ['StNr', 'Zeitraum'].includes(names[1]!),
  });
  if (!read.ok) return read;
  const period = childText(read.tree, 'Vorsatz', 'Zeitraum');
  if (period !== undefined && period !== String(frame.year)) {
    read.findings.push({
      path: pathOf(['Vorsatz', 'Zeitraum']),
      code: 'XML_PERIOD',
      message: `has ${period}, but the request is for ${frame.year}`,
      expected: String(frame.year),
    });
  }
  const taxNumber = childText(read.tree, 'Vorsatz', 'StNr');
  if (taxNumber !== undefined && !/^\d{13}$/.test(taxNumber)) {
    read.findings.push({ path: pathOf(['Vorsatz', 'StNr']), code: 'XML_TAX_NUMBER', message: 'is not a 13-digit ELSTER tax number' });
  }
  return read;
}

/** Each finding once: the structure check and a form's reader may both notice the same element. */
export function distinctFindings(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((finding) => {
    const key = `${finding.path}\n${finding.code}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
