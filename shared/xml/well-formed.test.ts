// The strict reader against saxes, a maintained strict parser that passes the W3C's conformance
// suite (xml.ts says why the reader does not stand on it). Documents altered at random, a few
// characters at a time, from documents that use every construct the reader takes: whatever the
// reader accepts, strictly or not, saxes must take as well-formed with its namespaces, and read as
// the same tree. The reader refuses more than saxes (DTDs, processing instructions, characters that
// only look like space, reserved names, its caps), never less.
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { readXml, type XmlTree } from '#shared/xml/xml.ts';
import { prng } from '#test/faults/prng.ts';

const seeds = [
  '<?xml version="1.0" encoding="UTF-8"?>\n<!-- c -->\n<r xmlns="urn:a" xmlns:p="urn:p" a="1 &amp; 2" p:b=\'x\'>\n  <a>t&#x41;&lt;&#65;</a>\n  <p:b><![CDATA[<&>]]></p:b>\n  <c/><?pi x?>\n</r>\n<!-- d -->\n',
  '<Anmeldungssteuern xmlns="http://finkonsens.de/elster/elsteranmeldung/ustva/v2026" version="2026"><Erstellungsdatum>20260310</Erstellungsdatum><DatenLieferant><Name>Muster &amp; Söhne &lt;GmbH&gt;</Name><Ort>München</Ort></DatenLieferant><Steuerfall><Umsatzsteuervoranmeldung><Jahr>2026</Jahr><Kz81>4000</Kz81><Kz83>530.00</Kz83></Umsatzsteuervoranmeldung></Steuerfall></Anmeldungssteuern>',
];
// What markup is made of, and what only looks like it. No CR: saxes reports a line break as LF, the
// reader keeps it as written, since the caller's values are sent as they are.
const pieces = [
  '<',
  '>',
  '/',
  '&',
  ';',
  '"',
  "'",
  '=',
  ' ',
  '\t',
  '\n',
  '!',
  '?',
  '-',
  '[',
  ']',
  ':',
  'a',
  '#',
  '\u00A0',
  '😀',
  '<!--',
  '-->',
  '<?',
  '?>',
  '</',
  '/>',
  '<![CDATA[',
  ']]>',
  '&amp;',
  '&#x20;',
  'xmlns=',
  'xmlns:q=',
  'q:',
  'xml',
  'DOCTYPE',
];

/** `count` documents, each a seed with one to three pieces inserted, characters removed, or characters overwritten. */
function altered(count: number, seed: number): string[] {
  const random = prng(seed);
  return Array.from({ length: count }, () => {
    let xml = random.pick(seeds);
    for (let edits = 1 + random.int(3); edits > 0; edits--) {
      const at = random.int(xml.length + 1);
      const piece = random.pick(pieces);
      const kind = random.int(3);
      xml = xml.slice(0, at) + (kind === 1 ? '' : piece) + xml.slice(at + (kind === 0 ? 0 : kind === 1 ? 1 + random.int(4) : piece.length));
    }
    return xml;
  });
}

interface Element {
  name: string;
  namespace: string;
  attributes: Record<string, string>;
  text: string;
  children: Element[];
}

/** saxes's reading of `xml`, or undefined where it finds it not well-formed. */
function saxesTree(xml: string): Element | undefined {
  const parser = new SaxesParser({ xmlns: true });
  const open: Element[] = [];
  let root: Element | undefined;
  parser.on('opentag', (tag) => {
    const attributes = Object.fromEntries(Object.values(tag.attributes).map((attribute) => [attribute.name, attribute.value]));
    const element: Element = { name: tag.name, namespace: tag.uri, attributes, text: '', children: [] };
    open.at(-1)?.children.push(element);
    root ??= element;
    if (!tag.isSelfClosing) open.push(element);
  });
  parser.on('closetag', (tag) => {
    if (!tag.isSelfClosing) open.pop();
  });
  parser.on('text', (text) => {
    if (open.length > 0) open.at(-1)!.text += text;
  });
  parser.on('cdata', (text) => (open.at(-1)!.text += text));
  try {
    parser.write(xml).close();
    return root;
  } catch {
    return undefined;
  }
}

// saxes trims a namespace name; the reader keeps it as written, as ERiC compares it.
const asSaxesReadsIt = (tree: XmlTree): Element => ({
  name: tree.name,
  namespace: tree.namespace.trim(),
  attributes: { ...tree.attributes },
  text: tree.text,
  children: tree.children.map(asSaxesReadsIt),
});

describe('the strict reader beside saxes', () => {
  const documents = altered(6000, 11);

  it.each([true, false])('accepts nothing saxes finds not well-formed, and reads the same tree (strict: %s)', (strict) => {
    let accepted = 0;
    for (const xml of documents) {
      const read = readXml(xml, { strict });
      if (!read.ok) continue;
      accepted++;
      expect({ xml, tree: saxesTree(xml) }).toEqual({ xml, tree: asSaxesReadsIt(read.tree) });
    }
    // Enough of them stay readable for the comparison to mean something.
    expect(accepted).toBeGreaterThan(200);
  });
});
