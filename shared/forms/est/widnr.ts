// The W-IdNrs of a caller's E10: each of the taxpayer's businesses and properties may name its own
// (Anlage S, G, V, L, LuF, SO and others from 2024), never held to the request but each to the check
// digit of the USt-IdNr, as ERiC's ungueltigeWirtschaftsIdentifikationsnummerU checks it.
import type { Finding } from '#shared/domain/ticket.ts';
import { widnrProblem, widnrRule } from '#shared/tax/widnr.ts';
import type { XmlTree } from '#shared/xml/xml.ts';

/** Every element E10-2024.xsd documents as "Wirtschafts-Identifikationsnummer" (17 characters, with the Unterscheidungsmerkmal). */
const widnrElements = new Set([
  'E0301715',
  'E0700805',
  'E0800405',
  'E0800604',
  'E0803102',
  'E0820501',
  'E0821703',
  'E0821902',
  'E0900505',
  'E0940501',
  'E2110502',
]);

/** A W-IdNr whose check digit does not hold; its form is the structure's to check. `pathOf` names an element as the reader does. */
export function widnrFindings(tree: XmlTree, pathOf: (names: readonly string[]) => string): Finding[] {
  const findings: Finding[] = [];
  const visit = (node: XmlTree, names: readonly string[]) => {
    for (const child of node.children) {
      const path = [...names, child.name];
      if (child.children.length > 0) visit(child, path);
      else if (widnrElements.has(child.name)) {
        const problem = widnrProblem(child.text, 'distinguished');
        if (problem?.code === 'WIDNR_CHECK_DIGIT') findings.push({ path: pathOf(path), ...problem, rule: widnrRule('distinguished') });
      }
    }
  };
  visit(tree, []);
  return findings;
}
