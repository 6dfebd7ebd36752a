// The check of a year-end return whose body is its ELSTER element (element-body.ts): the year's
// window, then the element, written from the body or the caller's own, read through the form's
// findings (structure and rules), and the identifiers it names held to the request.
import type { FilingBodies, Finding, Kind } from '#shared/domain/ticket.ts';
import type { CheckContext, Ruled } from '#shared/forms/check.ts';
import { bodyPathOf, bodyFinding } from '#shared/forms/element-body.ts';
import { xmlPathOf } from '#shared/forms/element-nutzdaten.ts';
import type { FormFacts } from '#shared/forms/form-facts.ts';
import { type DeclaredIdentifiers, type IdentifierPlaces, partsIdentifiers } from '#shared/forms/identifiers.ts';
import { yearFindings } from '#shared/forms/years.ts';
import type { XmlTree } from '#shared/xml/xml.ts';

export interface ElementCheck<K extends Kind, Filing extends FilingBodies[K] & { year: number; xml?: string }> {
  facts: FormFacts<K>;
  identifiers: IdentifierPlaces;
  /** The element a body writes, and what of the body it cannot write. */
  write(body: Filing, createdAt: Date): { xml: string; findings: Finding[] };
  /** What ELSTER would find in the element; `pathOf` names an element for a finding. */
  read(xml: string, year: number, pathOf: (names: readonly string[]) => string): { findings: Finding[]; tree?: XmlTree };
}

/** The form's rules (Form.rules of shared/forms/check.ts) for `request`, stored as `body`. */
export function elementRules<K extends Kind, Filing extends FilingBodies[K] & { year: number; xml?: string }>(
  check: ElementCheck<K, Filing>,
  request: DeclaredIdentifiers & { xml?: string },
  body: Filing,
  { today }: CheckContext,
): Ruled {
  // The form's own kind and body, which the compiler cannot pair for a kind it does not know.
  const filing = { kind: check.facts.kind, body } as unknown as Ruled['filing'];
  const open = yearFindings(check.facts, body.year, today);
  const fromBody = body.xml === undefined;
  const written = fromBody ? check.write(body, new Date()) : { xml: body.xml!, findings: [] };
  if (written.findings.length > 0) return { filing, findings: [...open, ...written.findings] };
  const pathOf = fromBody ? bodyPathOf : xmlPathOf;
  const read = check.read(written.xml, body.year, pathOf);
  const identifiers = read.tree ? partsIdentifiers(check.identifiers, read.tree, request, pathOf) : { findings: [] };
  const findings = fromBody ? read.findings.map(bodyFinding) : read.findings;
  return { filing, ...identifiers, findings: [...open, ...findings, ...identifiers.findings] };
}
