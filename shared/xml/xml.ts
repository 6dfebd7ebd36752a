// One place where XML is read, so every caller gets the same refusals (writing is build.ts). saxes,
// a maintained strict parser, reads the markup; this module holds it to what ELSTER's Nutzdaten use
// (elements, attributes, namespaces, text, CDATA, comments) and fails closed on everything else:
// no DTD, no entity but the predefined ones, names stored in arrays and prototype-free objects so
// that no element name can reach an object's prototype. Its caps are applied while saxes reads, so
// a hostile document is refused at the first element, attribute or declaration too many, and the
// work stays linear in the document whatever it holds. What saxes refuses is named here as the
// rest is, with line and column, so a person can find it.
import { SaxesParser } from 'saxes';

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

/** Nutzdaten of a return are a few kilobytes; this leaves room for long ESt returns and nothing else. */
export const maxXmlBytes = 256 * 1024;
/** ELSTER's schemas nest about a dozen levels deep. */
export const maxXmlDepth = 32;
/** ELSTER's samples have a few hundred elements, a long ESt return a few thousand. */
export const maxXmlElements = 20_000;
/** On one element, namespace declarations included: ELSTER's elements carry two at most. */
export const maxXmlAttributes = 32;
/**
 * Namespace declarations on one element and in a whole document: ELSTER's documents declare one to
 * three. Only an element that declares one copies the scope it inherits, so copying stays within
 * these caps (at most 32 scopes of at most 33 prefixes), whatever the document's size.
 */
export const maxXmlNamespaces = { element: 8, document: 32 };

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
const dtd = 'must not contain a DTD or entity declarations';
// XML 1.0 §2.3 S (space, tab, CR, LF) is the only white space between markup. What a person would
// take for white space but XML does not, and a parser such as ERiC's refuses there: Unicode's other
// spaces and line separators (JavaScript's \s without XML's four) and the invisible characters editors leave behind.
const onlyXmlSpace = 'where XML allows only spaces, tabs and line breaks';
const spaceLikeNotXml = /[\v\f\u0085\u00A0\u1680\u180E\u2000-\u200D\u2028\u2029\u202F\u205F\u2060\u3000\uFEFF]/;
const notXmlSpace = /[^ \t\r\n]/;
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
  if (Buffer.byteLength(xml, 'utf8') > maxXmlBytes) {
    return { ok: false, problem: { code: 'XML_TOO_LARGE', message: `must be at most ${maxXmlBytes / 1024} KiB` } };
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

/** An element whose end tag is still to come. */
interface Open {
  tree: XmlTree;
  start: number;
  /** The prefixes in scope: its parent's own object unless the element declares one. */
  scope: ReadonlyMap<string, string>;
  /** The first character inside that only looks like white space, for a strict reading that finds child elements beside it. */
  spaceAt?: number;
}

/** A start tag saxes is reading: its attributes come one by one before it reports the tag whole. */
interface StartTag {
  start: number;
  name: string;
  attributes: Record<string, string>;
  declarations: string[];
  /** Its attributes of another namespace, whose prefixes must be declared. */
  prefixed: string[];
  count: number;
  /** Where its name or last attribute ends: the next attribute begins after white space. */
  end: number;
}

/**
 * The handlers of saxes 6 (pinned in package.json), by the names of its fields. Its `on` sets them
 * by a computed name, which leaves the parser's properties in V8's slow dictionary mode once eight
 * are set: the ESt sample then took 1.1 ms to read instead of 0.3 ms. Set by name they stay fast.
 */
interface SaxesHandlers {
  xmldeclHandler: () => void;
  commentHandler: () => void;
  piHandler: (instruction: { target: string }) => void;
  doctypeHandler: () => void;
  textHandler: () => void;
  cdataHandler: () => void;
  openTagStartHandler: (tag: { name: string }) => void;
  attributeHandler: (attribute: { name: string }) => void;
  openTagHandler: () => void;
  closeTagHandler: (tag: { isSelfClosing: boolean }) => void;
  errorHandler: (error: Error) => void;
}

/**
 * Reads with saxes and checks as it goes. saxes reports each piece of markup once it has read it
 * whole; `cursor` is where this reader stands, the end of the markup last reported, so the text
 * from there up to the next "<" is what saxes reports as text, read here from the document itself
 * (values exactly as written, line breaks included, and every reference checked by this module).
 */
class Reader {
  private readonly xml: string;
  private readonly strict: boolean;
  private readonly lines: Lines;
  private readonly parser = new SaxesParser({ position: false });
  private cursor = 0;
  private readonly open: Open[] = [];
  private tag: StartTag | undefined;
  private root: XmlTree | undefined;
  private elements = 0;
  private declarations = 0;

  constructor(xml: string, strict: boolean) {
    this.xml = xml;
    this.strict = strict;
    this.lines = new Lines(xml);
    // Set by name: see SaxesHandlers.
    const parser = this.parser;
    const on = parser as unknown as SaxesHandlers;
    on.xmldeclHandler = () => (this.cursor = parser.position);
    // Reported at its "--", before the ">" that saxes reads next (or refuses).
    on.commentHandler = () => (this.cursor = parser.position + 1);
    on.piHandler = ({ target }) => this.instruction(target);
    on.doctypeHandler = () => this.fail(dtd, this.markupStart(), 'XML_DTD_NOT_ALLOWED');
    on.textHandler = () => this.text();
    on.cdataHandler = () => this.cdata();
    on.openTagStartHandler = ({ name }) => this.startTag(name);
    on.attributeHandler = ({ name }) => this.attribute(name);
    on.openTagHandler = () => this.opened();
    on.closeTagHandler = ({ isSelfClosing }) => this.closed(isSelfClosing);
    on.errorHandler = ({ message }) => this.refused(message);
  }

  document(): XmlTree {
    const bad = notXmlChar.exec(this.xml);
    if (bad) this.fail(`contains U+${codePointHex(bad[0])}, which XML does not allow`, bad.index);
    // A byte order mark may open the document (XML 1.0 §4.3.3), once; a caller's anywhere else is one too many.
    if (this.xml.startsWith(byteOrderMark)) this.cursor = 1;
    const mark = this.strict ? this.xml.indexOf(byteOrderMark, this.cursor) : -1;
    if (mark !== -1) this.fail('has a byte order mark (U+FEFF) that is not the very first character: one at the start is all XML allows', mark);
    const afterXml = this.xml[this.cursor + 5] ?? '';
    if (this.xml.startsWith('<?xml', this.cursor) && (/[ \t\r\n?]/.test(afterXml) || spaceLikeNotXml.test(afterXml))) this.declaration();
    this.parser.write(this.xml).close();
    return this.root!;
  }

  private fail(reason: string, offset: number, code: XmlProblem['code'] = 'XML_MALFORMED'): never {
    const { line, column } = this.lines.position(offset);
    throw new Refusal(code, `${reason} (line ${line}, column ${column})`);
  }

  /** Checked before saxes reads it: this module takes a narrower declaration than XML does. */
  private declaration() {
    const start = this.cursor;
    const end = this.xml.indexOf('?>', start);
    if (end === -1) this.fail('has an XML declaration that does not end', start);
    const text = this.xml.slice(start + 5, end);
    const odd = text.search(spaceLikeNotXml);
    if (odd !== -1) this.fail(`has ${spaceLike(text[odd]!)} in the XML declaration, ${onlyXmlSpace}`, start + 5 + odd);
    const match =
      /^[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(["'])1\.0\1(?:[ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(["'])([A-Za-z][\w.-]*)\2)?(?:[ \t\r\n]+standalone[ \t\r\n]*=[ \t\r\n]*(["'])(?:yes|no)\4)?[ \t\r\n]*$/.exec(
        text,
      );
    if (!match) this.fail('has an XML declaration other than <?xml version="1.0" encoding="UTF-8"?>', start);
    if (this.strict && match[3] !== undefined && match[3].toUpperCase() !== 'UTF-8') {
      this.fail(`declares the encoding ${match[3]}, but the JSON string it travels in is Unicode: declare UTF-8 or leave the declaration out`, start);
    }
  }

  /** Where the markup saxes reads or has just read begins. */
  private markupStart(): number {
    return this.xml.indexOf('<', this.cursor);
  }

  private instruction(target: string) {
    if (this.strict) this.fail(`must not contain processing instructions (<?${target}…?>)`, this.markupStart());
    this.cursor = this.parser.position;
  }

  private text() {
    const start = this.cursor;
    const next = this.xml.indexOf('<', start);
    const end = next === -1 ? this.xml.length : next;
    this.cursor = end;
    const parent = this.open.at(-1);
    if (parent) this.characters(parent, start, end);
    else this.outside(start, end);
  }

  private characters(parent: Open, start: number, end: number) {
    const raw = this.xml.slice(start, end);
    if (raw.includes(']]>')) this.fail('has "]]>" in text', start + raw.indexOf(']]>'));
    // Other text between elements is the structure check's to name.
    const space = raw.search(spaceLikeNotXml);
    if (space !== -1) parent.spaceAt ??= start + space;
    parent.tree.text += this.decode(raw, start);
  }

  /** Before and after the root only comments, XML's white space and (outside strict reading) processing instructions may stand. */
  private outside(start: number, end: number) {
    const at = this.xml.slice(start, end).search(notXmlSpace);
    if (at !== -1) this.stray(start + at);
  }

  /** Fails at what stands outside the root where only markup and XML's white space may: by name when it merely looks like space. */
  private stray(offset: number): never {
    const char = this.xml[offset] ?? '';
    const where = this.root ? 'after the root element' : 'before the root element';
    if (spaceLikeNotXml.test(char)) this.fail(`has ${spaceLike(char)} ${where}, ${onlyXmlSpace}`, offset);
    this.fail(this.root ? 'must have nothing but comments after the root element' : 'must be one root element', offset);
  }

  private cdata() {
    const end = this.parser.position;
    this.open.at(-1)!.tree.text += this.xml.slice(this.markupStart() + '<![CDATA['.length, end - ']]>'.length);
    this.cursor = end;
  }

  private startTag(name: string) {
    const start = this.markupStart();
    if (this.root && this.open.length === 0) this.stray(start);
    if (this.open.length >= maxXmlDepth) this.fail(`nests elements deeper than ${maxXmlDepth} levels`, start);
    if (++this.elements > maxXmlElements) this.fail(`has more than ${maxXmlElements} elements`, start);
    // saxes takes any XML name; a namespace's names have at most one colon, with a name on each side.
    if (this.nameAt(start + 1) !== name) this.startTagRefused(start, '');
    this.reserved(name, 'an element', start + 1);
    this.tag = { start, name, attributes: Object.create(null), declarations: [], prefixed: [], count: 0, end: start + 1 + name.length };
  }

  private reserved(name: string, what: string, offset: number) {
    if (reservedNames.has(name.slice(name.indexOf(':') + 1))) this.fail(`has ${what} named "${name}", which is not allowed`, offset);
  }

  private attribute(name: string) {
    const tag = this.tag!;
    let at = tag.end;
    while (!notXmlSpace.test(this.xml[at]!)) at++;
    if (++tag.count > maxXmlAttributes) this.fail(`has more than ${maxXmlAttributes} attributes on <${tag.name}>`, at);
    if (this.nameAt(at) !== name) this.startTagRefused(tag.start, '');
    this.reserved(name, 'an attribute', at);
    if (name in tag.attributes) this.fail(`has the attribute ${name} twice on <${tag.name}>`, at);
    if (isDeclaration(name)) {
      if (tag.declarations.push(name) > maxXmlNamespaces.element) {
        this.fail(`has more than ${maxXmlNamespaces.element} namespace declarations on <${tag.name}>`, at);
      }
      if (++this.declarations > maxXmlNamespaces.document) this.fail(`has more than ${maxXmlNamespaces.document} namespace declarations`, at);
    } else if (name.includes(':')) tag.prefixed.push(name);
    const close = this.parser.position - 1;
    const open = this.xml.indexOf(this.xml[close]!, at + name.length);
    // XML 1.0 §3.3.3: references decoded, each white-space character a space.
    tag.attributes[name] = this.decode(this.xml.slice(open + 1, close), open + 1).replace(/[\t\n\r]/g, ' ');
    tag.end = close + 1;
  }

  private opened() {
    const { start, name, attributes, declarations, prefixed } = this.tag!;
    this.tag = undefined;
    const parent = this.open.at(-1);
    let scope = parent?.scope ?? new Map([['xml', xmlNamespace]]);
    if (declarations.length > 0) {
      const inner = new Map(scope);
      for (const attribute of declarations) {
        const value = attributes[attribute]!;
        if (attribute !== 'xmlns' && value === '') this.fail(`undeclares the prefix ${attribute.slice(6)}, which XML 1.0 does not allow`, start);
        inner.set(attribute === 'xmlns' ? '' : attribute.slice(6), value);
      }
      scope = inner;
    }
    const { line, column } = this.lines.position(start);
    const tree: XmlTree = { name, namespace: this.resolve(scope, name, start), attributes, children: [], text: '', line, column };
    for (const attribute of prefixed) this.resolve(scope, attribute, start);
    if (parent) parent.tree.children.push(tree);
    else this.root = tree;
    this.open.push({ tree, start, scope });
    this.cursor = this.parser.position;
  }

  private closed(selfClosing: boolean) {
    const { tree, spaceAt } = this.open.pop()!;
    if (!selfClosing) {
      const start = this.markupStart();
      // saxes closes the innermost element whatever the end tag names; its name is checked here.
      if (this.xml.slice(start + 2, this.parser.position - 1).replace(/[ \t\r\n]+$/, '') !== tree.name) this.endTagRefused(start, tree);
      if (this.strict && spaceAt !== undefined && tree.children.length > 0) {
        this.fail(`has ${spaceLike(this.xml[spaceAt]!)} between the elements of <${tree.name}>, ${onlyXmlSpace}`, spaceAt);
      }
    }
    this.cursor = this.parser.position;
  }

  private resolve(scope: ReadonlyMap<string, string>, name: string, offset: number): string {
    const colon = name.indexOf(':');
    const prefix = colon === -1 ? '' : name.slice(0, colon);
    const namespace = scope.get(prefix);
    if (namespace === undefined && prefix !== '') this.fail(`uses the prefix ${prefix} without declaring it`, offset);
    return namespace ?? '';
  }

  /**
   * Names what saxes refused as this module names it: the first fault from where this reader
   * stands, which is in the text saxes has not yet reported or in the markup it stopped in.
   */
  private refused(message: string): never {
    const at = this.parser.position;
    const start = this.markupStart();
    // A comment is reported at its "--", so this reader stands past it when saxes finds no ">" there.
    if (message === 'malformed comment.' && !(start !== -1 && start < at)) {
      const dashes = this.xml.startsWith('--', at - 3) ? at - 3 : at - 4;
      this.fail(this.xml.startsWith('-->', dashes + 1) ? 'has a comment that ends in "--->"' : 'has "--" inside a comment', dashes);
    }
    const parent = this.open.at(-1);
    const textEnd = start === -1 ? this.xml.length : start;
    if (parent) this.characters(parent, this.cursor, textEnd);
    else this.outside(this.cursor, textEnd);
    if (start === -1 || start >= at) {
      if (parent) this.fail(`has <${parent.tree.name}> without its end tag`, parent.start);
      if (!this.root) this.stray(this.xml.length);
      this.fail(`is not well-formed XML (${message.replace(/\.$/, '')})`, Math.min(at, this.xml.length));
    }
    if (this.xml.startsWith('<!--', start)) this.fail('has a comment that does not end', start);
    if (this.xml.startsWith('<![CDATA[', start) && parent) this.fail('has a CDATA section that does not end', start);
    if (this.xml.startsWith('<!', start)) this.fail(dtd, start, 'XML_DTD_NOT_ALLOWED');
    if (this.xml.startsWith('<?', start)) this.instructionRefused(start);
    if (this.xml.startsWith('</', start)) this.endTagRefused(start, parent?.tree);
    this.startTagRefused(start, message);
  }

  private instructionRefused(start: number): never {
    const target = /^<\?([^\s?]*)/.exec(this.xml.slice(start, start + 64))?.[1] ?? '';
    if (target.toLowerCase() === 'xml') this.fail('has an XML declaration that is not at the very start', start);
    if (this.strict) this.fail(`must not contain processing instructions (<?${target}…?>)`, start);
    const ends = this.xml.includes('?>', start + 2);
    this.fail(ends ? 'has a processing instruction without a valid target' : 'has a processing instruction that does not end', start);
  }

  /** The first fault of the end tag at `start`, which should close `element`. */
  private endTagRefused(start: number, element: XmlTree | undefined): never {
    if (!element) {
      if (this.root) this.stray(start);
      this.fail('has an element without a valid name', start + 1);
    }
    const name = this.nameAt(start + 2);
    if (name === undefined) this.fail('has an end tag without a valid name', start + 2);
    if (name !== element.name) this.fail(`closes <${element.name}> with </${name}>`, start + 2);
    let at = start + 2 + name.length;
    while (!notXmlSpace.test(this.xml[at] ?? 'x')) at++;
    this.fail(`has an end tag </${name}> that does not end`, at);
  }

  /**
   * Reads on in a start tag saxes stopped in, from its name or the last attribute it reported, to
   * the first fault: a name, the space before one, its "=", its quotes, what its value holds.
   */
  private startTagRefused(start: number, message: string): never {
    if (this.root && this.open.length === 0) this.stray(start);
    const element = this.nameAt(start + 1);
    if (element === undefined) this.fail('has an element without a valid name', start + 1);
    const reported = this.tag?.start === start ? this.tag : undefined;
    const names = new Set(Object.keys(reported?.attributes ?? {}));
    let at = reported?.end ?? start + 1 + element.length;
    const space = () => {
      const from = at;
      while (!notXmlSpace.test(this.xml[at] ?? 'x')) at++;
      return at > from;
    };
    for (;;) {
      const spaced = space();
      if (this.xml.startsWith('/>', at) || this.xml[at] === '>') break;
      if (!spaced) this.fail(`has no space before an attribute of <${element}>`, at);
      const name = this.nameAt(at);
      if (name === undefined) this.fail('has an attribute without a valid name', at);
      this.reserved(name, 'an attribute', at);
      if (names.has(name)) this.fail(`has the attribute ${name} twice on <${element}>`, at);
      names.add(name);
      at += name.length;
      space();
      if (this.xml[at] !== '=') this.fail(`has an attribute ${name} without a value`, at);
      at++;
      space();
      const quote = this.xml[at];
      if (quote !== '"' && quote !== "'") this.fail('has an attribute value without quotes', at);
      const end = this.xml.indexOf(quote, at + 1);
      if (end === -1) this.fail('has an attribute value that does not end', at);
      const raw = this.xml.slice(at + 1, end);
      if (raw.includes('<')) this.fail('has "<" inside an attribute value', at + 1 + raw.indexOf('<'));
      this.decode(raw, at + 1);
      at = end + 1;
    }
    this.fail(`is not well-formed XML (${message.replace(/\.$/, '')})`, at);
  }

  /** The qualified name at `offset`: one NCName, or two joined by a colon. */
  private nameAt(offset: number): string | undefined {
    qualifiedName.lastIndex = offset;
    return qualifiedName.exec(this.xml)?.[0];
  }

  private decode(raw: string, offset: number): string {
    if (!raw.includes('&')) return raw;
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
  const element: XmlElement = Object.create(null);
  for (const [name, value] of Object.entries(tree.attributes)) element[`@_${name}`] = value;
  for (const child of tree.children) {
    const node = toNode(child, trim);
    const present = element[child.name];
    // Pushed, not copied: a caller's XML may repeat one name 20,000 times, and copying is quadratic.
    if (Array.isArray(present)) present.push(node);
    else element[child.name] = present === undefined ? node : [present, node];
  }
  const text = trim ? tree.text.trim() : tree.text;
  if (Object.keys(element).length === 0) return text;
  if (text.trim() !== '') element['#text'] = text;
  return element;
}

/** The root element of a document by name, for reading ERiC's answers and the trees the service writes itself. */
export function parseXml(xml: string): ParsedXml {
  const read = readXml(xml);
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
