// Reading a tree so that nothing is dropped unseen: each attribute, child and text a reader takes
// is marked, and what no reader took is listed by path in `unread` when the reading ends. A reader
// of ELSTER's answers that meets something it does not know so says so instead of losing it.

import type { XmlTree } from '#shared/xml/xml.ts';

/** An answer that cannot be read as ELSTER writes it: refused whole, never read in part. */
export class AnswerError extends Error {}

export class Reading {
  readonly #opened: Node[] = [];

  open(tree: XmlTree, path: string): Node {
    const node = new Node(tree, path, this);
    this.#opened.push(node);
    return node;
  }

  /** Every leaf no reader took: `path` for an element, `path/@name` for an attribute, `path/#text` for text. */
  unread(): string[] {
    return this.#opened.flatMap((node) => node.untaken());
  }
}

export class Node {
  readonly tree: XmlTree;
  readonly path: string;
  readonly #reading: Reading;
  readonly #attributes = new Set<string>();
  readonly #children = new Set<XmlTree>();
  #text = false;

  constructor(tree: XmlTree, path: string, reading: Reading) {
    this.tree = tree;
    this.path = path;
    this.#reading = reading;
  }

  attribute(name: string): string | undefined {
    this.#attributes.add(name);
    return this.tree.attributes[name];
  }

  required(name: string): string {
    const value = this.attribute(name);
    if (value === undefined) throw new AnswerError(`${this.path} has no attribute ${name}`);
    return value;
  }

  /** The children named `name`, in order. */
  all(name: string): Node[] {
    return this.tree.children
      .filter((child) => child.name === name)
      .map((child, index, named) => {
        this.#children.add(child);
        return this.#reading.open(child, named.length > 1 ? `${this.path}/${name}[${index + 1}]` : `${this.path}/${name}`);
      });
  }

  /** The one child named `name`, if any: a second is refused. */
  one(name: string): Node | undefined {
    const found = this.all(name);
    if (found.length > 1) throw new AnswerError(`${this.path} has ${name} ${found.length} times`);
    return found[0];
  }

  /** The trimmed text of the child `name`; a child with children of its own is not text. */
  text(name: string): string | undefined {
    const child = this.one(name);
    return child?.own();
  }

  /** This element's own trimmed text. */
  own(): string {
    this.#text = true;
    if (this.tree.children.length > 0) throw new AnswerError(`${this.path} has elements where text belongs`);
    return this.tree.text.trim();
  }

  /** Every leaf below, by its path relative to this element, taken. */
  leaves(): Record<string, string> {
    const found: Record<string, string> = Object.create(null);
    const walk = (node: Node, prefix: string) => {
      for (const name of Object.keys(node.tree.attributes)) {
        if (name !== 'xmlns') found[`${prefix}@${name}`] = node.attribute(name)!;
      }
      if (node.tree.children.length === 0) {
        found[prefix.replace(/\/$/, '')] = node.own();
        return;
      }
      const names = new Set(node.tree.children.map((child) => child.name));
      for (const name of names) {
        const named = node.all(name);
        named.forEach((child, index) => walk(child, `${prefix}${name}${named.length > 1 ? `[${index + 1}]` : ''}/`));
      }
    };
    walk(this, '');
    return found;
  }

  untaken(): string[] {
    const attributes = Object.keys(this.tree.attributes)
      .filter((name) => name !== 'xmlns' && !this.#attributes.has(name))
      .map((name) => `${this.path}/@${name}`);
    const children = this.tree.children.filter((child) => !this.#children.has(child)).map((child) => `${this.path}/${child.name}`);
    const text = !this.#text && this.tree.text.trim() !== '' ? [`${this.path}/#text`] : [];
    return [...attributes, ...children, ...text];
  }
}
