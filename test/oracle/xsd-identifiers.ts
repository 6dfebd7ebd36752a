// Every element of one of ELSTER's XSDs that holds an identifier (a tax number, an Ordnungsbegriff, a
// tax office, an IdNr, a W-IdNr or a USt-IdNr), found by its type, its name or its documentation
// rather than listed by hand, so that a test can hold each form's declared places
// (shared/forms/*/identifiers.ts) to the schema.
import { XMLParser } from 'fast-xml-parser';

type Node = { [key: string]: Node[] | string | undefined };

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => name.startsWith('xs:') });

// The schemas' own types of identifiers (IDNrBaseCType, SteuernummerBaseSType, the ZM's knri_Type…).
const identifierType = /IDNr|Steuernummer|^kn(ri|re)_Type$/;
const identifierName = new Set(['StNr', 'Steuernummer', 'Ordnungsbegriff', 'ID', 'IDEhefrau', 'WIdNr']);
// A free text field that names one: "Steuernummer", "Finanzamt", "Identifikationsnummer" (also the
// W-IdNr's and the USt-IdNr's), "Ordnungsbegriff". Amounts and ticks that merely mention a tax office
// ("Betrag laut Betriebsfinanzamt") are numbers, not texts.
const identifierText = /Steuernummer|Identifikationsnummer|\bFinanzamt\b|Ordnungsbegriff/i;
// OrdNrArt names the kind of number the Vorsatz holds ("S" or "O"), not a number.
const notIdentifiers = new Set(['OrdNrArt']);

const list = (node: Node | undefined, key: string) => (node?.[key] as Node[] | undefined) ?? [];
const documentation = (element: Node) => {
  const text = list(list(element, 'xs:annotation')[0], 'xs:documentation')[0];
  return typeof text === 'string' ? text : (((text as Node | undefined)?.['#text'] as string | undefined) ?? '');
};

/** The paths below the root (`Vorsatz/StNr`) of every identifier element of `xsd`; `root` where the schema declares only the root's type (the ZM's). */
export function identifierPaths(xsd: string, root?: { name: string; type: string }): string[] {
  const schema = list(parser.parse(xsd) as Node, 'xs:schema')[0]!;
  const complex = new Map(list(schema, 'xs:complexType').map((type) => [type['@name'] as string, type]));
  const paths: string[] = [];

  const elementsOf = (node: Node): Node[] => [
    ...list(node, 'xs:element'),
    ...['xs:sequence', 'xs:choice', 'xs:all', 'xs:complexContent', 'xs:extension'].flatMap((key) => list(node, key).flatMap(elementsOf)),
  ];
  const hasElements = (type: Node | undefined): type is Node => type !== undefined && elementsOf(type).length > 0;

  const walk = (type: Node, path: readonly string[]) => {
    for (const element of elementsOf(type)) {
      const name = element['@name'] as string;
      const typeName = (element['@type'] as string | undefined) ?? '';
      const inner = list(element, 'xs:complexType')[0];
      const below = [...path, name];
      if (hasElements(inner)) walk(inner, below);
      else if (hasElements(complex.get(typeName))) walk(complex.get(typeName)!, below);
      else if (notIdentifiers.has(name)) continue;
      else if (identifierType.test(typeName) || identifierName.has(name) || (typeName.startsWith('String_') && identifierText.test(documentation(element))))
        paths.push(below.join('/'));
    }
  };

  if (root) walk(complex.get(root.type)!, []);
  else {
    const [element] = list(schema, 'xs:element');
    walk(list(element, 'xs:complexType')[0] ?? complex.get(element!['@type'] as string)!, []);
  }
  return paths;
}
