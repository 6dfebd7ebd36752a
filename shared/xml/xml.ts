// One place where XML is read, so every caller gets the same refusals (writing is build.ts). Reading uses
// the strict reader below rather than a general-purpose parser: it knows only what ELSTER's
// Nutzdaten use (elements, attributes, namespaces, text, CDATA, comments), fails closed on
// everything else, and stores names in arrays and prototype-free objects, so no element name can
// reach an object's prototype. Its caps are applied as it reads, so a hostile document is refused at
// the first element, attribute or namespace declaration too many and its cost stays linear in its size.
//
// It was built on saxes, a maintained strict parser, with every rule and message below kept on top
// (commit "The strict reader stands on saxes…"), and measured against this reader: ELSTER's ESt
// sample (18 KB of E10) took 0.58 ms to read instead of 0.27, 256 KiB of text or of references two
// to three times as long, since saxes decodes what the rules must read again as written; and saxes
// added 28 KB to every function that reads XML, taking the income tax return's submit and validate
// past their 250 KB (test/infra/bundle-size.test.ts). So this reader stays, and saxes checks it
// instead: well-formed.test.ts holds it to saxes's reading of thousands of altered documents.

import { maxXmlAttributes, maxXmlBytes, maxXmlDepth, maxXmlElements, maxXmlNamespaces } from '#shared/xml/limits.ts';

/** An element as the readers of ERiC's answers use it: child elements by name, attributes as `@_name`, mixed text as `#text`. */
export type XmlElement = { [name: string]: XmlNode };
export type XmlNode = string | XmlElement | XmlNode[];

/** An element in document order, with where it starts, for checks that name line and column. */
export interface XmlTree {
  /** The name as written, prefix included. */
  name: string;
  /** The namespace the name resolves to; '' for none. */
  namespace: string;
  /** By name as written, `xmlns` declarations included; no prototype. */
  attributes: Record<string, string>;
  children: XmlTree[];
  /** The character data directly inside, exactly as it decodes (no trimming). */
  text: string;
  line: number;
  column: number;
}

export interface XmlProblem {
  code: 'XML_TOO_LARGE' | 'XML_DTD_NOT_ALLOWED' | 'XML_ENTITY_NOT_ALLOWED' | 'XML_MALFORMED';
  message: string;
}

export interface ReadOptions {
  /**
   * For a caller's Nutzdaten: no processing instruction besides a leading declaration of UTF-8, no
   * byte order mark but one at the very start, and nothing that only looks like white space between
   * child elements, since no element of ELSTER's Nutzdaten has mixed content (see also
   * `foreignMarkup`). ERiC's answers are read without.
   */
  strict?: boolean;
  /** A larger cap than `maxXmlBytes`, for a document of few elements with long text: a letter's attachments, base64 inside. */
  maxBytes?: number;
}

export type ReadXml = { ok: true; tree: XmlTree } | { ok: false; problem: XmlProblem };
export type ParsedXml = { ok: true; root: string; element: XmlElement } | { ok: false; problem: XmlProblem };

class Refusal extends Error {
  readonly code: XmlProblem['code'];

  constructor(code: XmlProblem['code'], message: string) {
    super(message);
    this.code = code;
  }
}

// XML 1.0 (fifth edition) §2.2 Char, §2.3 NameStartChar and NameChar, without the colon, which
// namespaces reserve as the prefix separator (Namespaces in XML 1.0 §3 NCName).
const notXmlChar = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const nameStart =
  'A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C-\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}';
const nameChar = `${nameStart}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F-\\u2040`;
// The combining marks U+0300–U+036F are NameChars as a range, not a character combined with another.
// eslint-disable-next-line no-misleading-character-class
const qualifiedName = new RegExp(`[${nameStart}][${nameChar}]*(?::[${nameStart}][${nameChar}]*)?`, 'uy');
const asciiName = /[A-Z_a-z][\w.-]*(?::[A-Z_a-z][\w.-]*)?/y;
// eslint-disable-next-line no-misleading-character-class
const unqualifiedName = new RegExp(`[${nameStart}][${nameChar}]*`, 'uy');
// Names a JavaScript object gives meaning to; none is an ELSTER element or attribute.
const reservedNames = new Set(['__proto__', 'constructor', 'prototype']);
const predefined = new Map([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"],
]);
const xmlNamespace = 'http://www.w3.org/XML/1998/namespace';
const byteOrderMark = '\uFEFF';
// XML 1.0 §2.3 S (space, tab, CR, LF) is the only white space between markup. What a person would
// take for white space but XML does not, and a parser such as ERiC's refuses there: Unicode's other
// spaces and line separators (JavaScript's \s takes them all) and the invisible characters editors leave behind.
const onlyXmlSpace = 'where XML allows only spaces, tabs and line breaks';
const spaceLikeNotXml = /(?![ \t\r\n])[\s\u0085\u180E\u200B-\u200D\u2060]/u;
const spaceNames: Record<string, string> = {
  '\u00A0': 'a no-break space',
  '\u3000': 'an ideographic space',
  '\u2028': 'a line separator',
  '\uFEFF': 'a byte order mark',
};
const spaceLike = (char: string) => `${spaceNames[char] ?? 'a character'} (U+${codePointHex(char)})`;
const isDeclaration = (attribute: string) => attribute === 'xmlns' || attribute.startsWith('xmlns:');

/** Reads a document into a tree, or says what is wrong with it and where. */
export function readXml(xml: string, options: ReadOptions = {}): ReadXml {
  const maxBytes = options.maxBytes ?? maxXmlBytes;
  if (Buffer.byteLength(xml, 'utf8') > maxBytes) {
    return { ok: false, problem: { code: 'XML_TOO_LARGE', message: `must be at most ${maxBytes / 1024} KiB` } };
  }
  try {
    return { ok: true, tree: new Reader(xml, options.strict === true).document() };
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return { ok: false, problem: { code: error.code, message: error.message } };
  }
}

/** Line and column (both from 1) of an offset, for findings a person can act on. */
class Lines {
  private readonly starts = [0];

  constructor(xml: string) {
    for (let at = xml.indexOf('\n'); at !== -1; at = xml.indexOf('\n', at + 1)) this.starts.push(at + 1);
  }

  position(offset: number): { line: number; column: number } {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - this.starts[low]! + 1 };
  }
}

class Reader {
  private at = 0;
  private elements = 0;
  private declarations = 0;
  private readonly xml: string;
  private readonly strict: boolean;
  private readonly lines: Lines;

  constructor(xml: string, strict: boolean) {
    this.xml = xml;
    this.strict = strict;
    this.lines = new Lines(xml);
  }

  document(): XmlTree {
    const bad = notXmlChar.exec(this.xml);
    if (bad) this.fail(`contains U+${codePointHex(bad[0])}, which XML does not allow`, bad.index);
    // A byte order mark may open the document (XML 1.0 §4.3.3), once; a caller's anywhere else is one too many.
    if (this.xml.startsWith(byteOrderMark)) this.at = 1;
    const mark = this.strict ? this.xml.indexOf(byteOrderMark, this.at) : -1;
    if (mark !== -1) this.fail('has a byte order mark (U+FEFF) that is not the very first character: one at the start is all XML allows', mark);
    const afterXml = this.xml[this.at + 5] ?? '';
    if (this.xml.startsWith('<?xml', this.at) && (/[ \t\r\n?]/.test(afterXml) || spaceLikeNotXml.test(afterXml))) this.declaration();
    this.misc();
    if (this.xml[this.at] !== '<') this.stray('before the root element', 'must be one root element');
    const root = this.element(new Map([['xml', xmlNamespace]]), 1);
    this.misc();
    if (this.at < this.xml.length) this.stray('after the root element', 'must have nothing but comments after the root element');
    return root;
  }

  private fail(reason: string, offset = this.at, code: XmlProblem['code'] = 'XML_MALFORMED'): never {
    const { line, column } = this.lines.position(offset);
    throw new Refusal(code, `${reason} (line ${line}, column ${column})`);
  }

  private declaration() {
    const end = this.xml.indexOf('?>', this.at);
    if (end === -1) this.fail('has an XML declaration that does not end');
    const text = this.xml.slice(this.at + 5, end);
    const odd = text.search(spaceLikeNotXml);
    if (odd !== -1) this.fail(`has ${spaceLike(text[odd]!)} in the XML declaration, ${onlyXmlSpace}`, this.at + 5 + odd);
    const match =
      /^[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(["'])1\.0\1(?:[ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(["'])([A-Za-z][\w.-]*)\2)?(?:[ \t\r\n]+standalone[ \t\r\n]*=[ \t\r\n]*(["'])(?:yes|no)\4)?[ \t\r\n]*$/.exec(
        text,
      );
    if (!match) this.fail('has an XML declaration other than <?xml version="1.0" encoding="UTF-8"?>');
    if (this.strict && match[3] !== undefined && match[3].toUpperCase() !== 'UTF-8') {
      this.fail(`declares the encoding ${match[3]}, but the JSON string it travels in is Unicode: declare UTF-8 or leave the declaration out`);
    }
    this.at = end + 2;
  }

  /** White space, comments and, where allowed, processing instructions between markup. */
  private misc() {
    for (;;) {
      this.space();
      if (this.xml.startsWith('<!--', this.at)) this.comment();
      else if (this.xml.startsWith('<?', this.at)) this.instruction();
      else if (this.xml.startsWith('<!', this.at)) this.fail('must not contain a DTD or entity declarations', this.at, 'XML_DTD_NOT_ALLOWED');
      else return;
    }
  }

  /** Fails at what stands `where` only markup and XML's white space may: by name when it merely looks like space. */
  private stray(where: string, otherwise: string): never {
    const char = this.xml[this.at] ?? '';
    this.fail(spaceLikeNotXml.test(char) ? `has ${spaceLike(char)} ${where}, ${onlyXmlSpace}` : otherwise);
  }

  /** XML 1.0 §2.5: no "--" inside a comment, and no "-" just before its end, so "--->" does not end one. */
  private comment() {
    const end = this.xml.indexOf('--', this.at + 4);
    if (end === -1) this.fail('has a comment that does not end');
    if (this.xml[end + 2] !== '>') this.fail(this.xml.startsWith('-->', end + 1) ? 'has a comment that ends in "--->"' : 'has "--" inside a comment', end);
    this.at = end + 3;
  }

  private instruction() {
    const target = /^<\?([^\s?]*)/.exec(this.xml.slice(this.at, this.at + 64))?.[1] ?? '';
    if (target.toLowerCase() === 'xml') this.fail('has an XML declaration that is not at the very start');
    if (this.strict) this.fail(`must not contain processing instructions (<?${target}…?>)`);
    // XML 1.0 §2.6 and Namespaces in XML 1.0 §7: its target is a name without a colon, then white space or its end.
    unqualifiedName.lastIndex = this.at + 2;
    const after = this.at + 2 + (unqualifiedName.exec(this.xml)?.[0].length ?? 0);
    if (after === this.at + 2 || !(/[ \t\r\n]/.test(this.xml[after] ?? '') || this.xml.startsWith('?>', after))) {
      this.fail('has a processing instruction without a valid target');
    }
    const end = this.xml.indexOf('?>', this.at + 2);
    if (end === -1) this.fail('has a processing instruction that does not end');
    this.at = end + 2;
  }

  private name(what: string): string {
    // Most names are ASCII; the whole of XML's name characters only where one goes on past ASCII.
    asciiName.lastIndex = this.at;
    let name = asciiName.exec(this.xml)?.[0];
    if (name === undefined || this.xml.charCodeAt(this.at + name.length) >= 0x80 || this.xml[this.at + name.length] === ':') {
      qualifiedName.lastIndex = this.at;
      name = qualifiedName.exec(this.xml)?.[0];
    }
    if (name === undefined) this.fail(`has ${what} without a valid name`);
    if (reservedNames.has(name.slice(name.indexOf(':') + 1))) this.fail(`has ${what} named "${name}", which is not allowed`);
    this.at += name.length;
    return name;
  }

  private element(scope: Map<string, string>, depth: number): XmlTree {
    if (depth > maxXmlDepth) this.fail(`nests elements deeper than ${maxXmlDepth} levels`);
    if (++this.elements > maxXmlElements) this.fail(`has more than ${maxXmlElements} elements`);
    const start = this.at;
    this.at++;
    const name = this.name('an element');
    const attributes: Record<string, string> = Object.create(null);
    const declarations: string[] = [];
    let count = 0;
    let prefixed = false;
    let closed = false;
    for (;;) {
      const spaced = this.space();
      if (this.xml.startsWith('/>', this.at)) {
        this.at += 2;
        closed = true;
        break;
      }
      if (this.xml[this.at] === '>') {
        this.at++;
        break;
      }
      if (!spaced) this.fail(`has no space before an attribute of <${name}>`);
      const attributeAt = this.at;
      if (++count > maxXmlAttributes) this.fail(`has more than ${maxXmlAttributes} attributes on <${name}>`);
      const attribute = this.name('an attribute');
      if (attribute in attributes) this.fail(`has the attribute ${attribute} twice on <${name}>`, attributeAt);
      if (isDeclaration(attribute)) {
        if (declarations.push(attribute) > maxXmlNamespaces.element) {
          this.fail(`has more than ${maxXmlNamespaces.element} namespace declarations on <${name}>`, attributeAt);
        }
        if (++this.declarations > maxXmlNamespaces.document) this.fail(`has more than ${maxXmlNamespaces.document} namespace declarations`, attributeAt);
      } else if (attribute.includes(':')) prefixed = true;
      this.space();
      if (this.xml[this.at] !== '=') this.fail(`has an attribute ${attribute} without a value`);
      this.at++;
      this.space();
      attributes[attribute] = this.attributeValue();
    }

    const inner = declarations.length === 0 ? scope : new Map(scope);
    for (const attribute of declarations) {
      const value = attributes[attribute]!;
      if (attribute !== 'xmlns' && value === '') this.fail(`undeclares the prefix ${attribute.slice(6)}, which XML 1.0 does not allow`, start);
      inner.set(attribute === 'xmlns' ? '' : attribute.slice(6), value);
    }
    const { line, column } = this.lines.position(start);
    const tree: XmlTree = { name, namespace: this.resolve(inner, name, start), attributes, children: [], text: '', line, column };
    for (const attribute of prefixed ? Object.keys(attributes) : []) {
      if (!isDeclaration(attribute) && attribute.includes(':')) this.resolve(inner, attribute, start);
    }
    if (closed) return tree;

    // The first character that only looks like white space, for a strict reading that finds child
    // elements beside it; other text between elements is the structure check's to name.
    let spaceAt: number | undefined;
    for (;;) {
      const next = this.xml.indexOf('<', this.at);
      if (next === -1) this.fail(`has <${name}> without its end tag`, start);
      if (next > this.at) {
        const space = this.xml.slice(this.at, next).search(spaceLikeNotXml);
        if (space !== -1) spaceAt ??= this.at + space;
        tree.text += this.characters(next);
      }
      if (this.xml.startsWith('</', this.at)) {
        this.at += 2;
        const endAt = this.at;
        const end = this.name('an end tag');
        if (end !== name) this.fail(`closes <${name}> with </${end}>`, endAt);
        this.space();
        if (this.xml[this.at] !== '>') this.fail(`has an end tag </${end}> that does not end`);
        this.at++;
        if (this.strict && spaceAt !== undefined && tree.children.length > 0) {
          this.fail(`has ${spaceLike(this.xml[spaceAt]!)} between the elements of <${name}>, ${onlyXmlSpace}`, spaceAt);
        }
        return tree;
      }
      if (this.xml.startsWith('<!--', this.at)) this.comment();
      else if (this.xml.startsWith('<![CDATA[', this.at)) {
        const end = this.xml.indexOf(']]>', this.at + 9);
        if (end === -1) this.fail('has a CDATA section that does not end');
        tree.text += this.xml.slice(this.at + 9, end);
        this.at = end + 3;
      } else if (this.xml.startsWith('<?', this.at)) this.instruction();
      else if (this.xml.startsWith('<!', this.at)) this.fail('must not contain a DTD or entity declarations', this.at, 'XML_DTD_NOT_ALLOWED');
      else tree.children.push(this.element(inner, depth + 1));
    }
  }

  private resolve(scope: Map<string, string>, name: string, offset: number): string {
    const colon = name.indexOf(':');
    const prefix = colon === -1 ? '' : name.slice(0, colon);
    const namespace = scope.get(prefix);
    if (namespace === undefined && prefix !== '') this.fail(`uses the prefix ${prefix} without declaring it`, offset);
    return namespace ?? '';
  }

  private space(): boolean {
    const start = this.at;
    for (let char = this.xml.charCodeAt(this.at); char === 0x20 || char === 0x0a || char === 0x09 || char === 0x0d; char = this.xml.charCodeAt(this.at))
      this.at++;
    return this.at > start;
  }

  /** XML 1.0 §3.3.3: references decoded, each white-space character a space. */
  private attributeValue(): string {
    const quote = this.xml[this.at];
    if (quote !== '"' && quote !== "'") this.fail('has an attribute value without quotes');
    const end = this.xml.indexOf(quote, this.at + 1);
    if (end === -1) this.fail('has an attribute value that does not end');
    const raw = this.xml.slice(this.at + 1, end);
    if (raw.includes('<')) this.fail('has "<" inside an attribute value', this.at + 1 + raw.indexOf('<'));
    const value = this.decode(raw, this.at + 1).replace(/[\t\n\r]/g, ' ');
    this.at = end + 1;
    return value;
  }

  private characters(end: number): string {
    const raw = this.xml.slice(this.at, end);
    if (raw.includes(']]>')) this.fail('has "]]>" in text', this.at + raw.indexOf(']]>'));
    const text = this.decode(raw, this.at);
    this.at = end;
    return text;
  }

  private decode(raw: string, offset: number): string {
    return raw.replace(/&([^;&]{0,10});?/g, (whole, body: string, index: number) => {
      const at = offset + index;
      if (!whole.endsWith(';')) this.fail('has "&" that does not start a reference: write &amp;', at);
      const entity = predefined.get(body);
      if (entity !== undefined) return entity;
      const number = /^#(?:x([0-9a-fA-F]{1,6})|([0-9]{1,7}))$/.exec(body);
      if (!number)
        this.fail(
          `uses the entity &${body}; which needs a DTD: only &amp; &lt; &gt; &quot; &apos; and character references are allowed`,
          at,
          'XML_ENTITY_NOT_ALLOWED',
        );
      const codePoint = number[1] === undefined ? Number(number[2]) : Number.parseInt(number[1], 16);
      const char = codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : '';
      if (char === '' || notXmlChar.test(char)) this.fail(`refers to U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}, which XML does not allow`, at);
      return char;
    });
  }
}

const codePointHex = (char: string) => char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');

/**
 * Where a caller's document leaves its root's namespace, which nothing in ELSTER's Nutzdaten does:
 * an element of another vocabulary (XInclude among them) or a declaration of another namespace.
 */
export function foreignMarkup(tree: XmlTree, namespace = tree.namespace): string | undefined {
  const at = `(line ${tree.line}, column ${tree.column})`;
  if (tree.namespace !== namespace) return `has <${tree.name}> in the namespace "${tree.namespace}": every element must be in the document's own ${at}`;
  for (const attribute of Object.keys(tree.attributes)) {
    if (attribute.includes(':') || (attribute === 'xmlns' && tree.attributes.xmlns !== namespace)) {
      return `has the attribute ${attribute} on <${tree.name}>: no other namespace may be declared or used ${at}`;
    }
  }
  for (const child of tree.children) {
    const found = foreignMarkup(child, namespace);
    if (found) return found;
  }
  return undefined;
}

/** The old shape of a tree for readers that look elements up by name: repeated names become arrays. */
function toNode(tree: XmlTree, trim: boolean): XmlNode {
  const text = trim ? tree.text.trim() : tree.text;
  // A value is its text: no object made and dropped for each of thousands of them.
  if (tree.children.length === 0 && !hasAttributes(tree)) return text;
  const element: XmlElement = Object.create(null);
  for (const [name, value] of Object.entries(tree.attributes)) element[`@_${name}`] = value;
  for (const child of tree.children) {
    const node = toNode(child, trim);
    const present = element[child.name];
    // Pushed, not copied: a caller's XML may repeat one name 20,000 times, and copying is quadratic.
    if (Array.isArray(present)) present.push(node);
    else element[child.name] = present === undefined ? node : [present, node];
  }
  if (text.trim() !== '') element['#text'] = text;
  return element;
}

function hasAttributes(tree: XmlTree): boolean {
  for (const _ in tree.attributes) return true;
  return false;
}

/** The root element of a document by name, for reading ERiC's answers and the trees the service writes itself. */
export function parseXml(xml: string, options: { maxBytes?: number } = {}): ParsedXml {
  const read = readXml(xml, options);
  if (!read.ok) return read;
  return { ok: true, root: read.tree.name, element: elementOf(read.tree) };
}

/**
 * An element by name for readers that look children up so; an empty element is an empty object.
 * `trim` drops the white space around values, as a pretty-printed answer of ERiC's has it; a
 * caller's values are read as they will be sent.
 */
export function elementOf(tree: XmlTree, trim = true): XmlElement {
  const node = toNode(tree, trim);
  return typeof node === 'string' ? Object.create(null) : (node as XmlElement);
}

/** The text of a child element, whether it has attributes or not. */
export function textOf(node: XmlNode | undefined): string | undefined {
  if (typeof node === 'string') return node;
  if (node && !Array.isArray(node) && typeof node['#text'] === 'string') return node['#text'];
  return undefined;
}
