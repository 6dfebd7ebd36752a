// What the readers of the E10 forms (anlagen/) share: walking a parsed E10 tree, and the amounts
// in it.
import type { XmlElement, XmlNode } from '#shared/xml/xml.ts';

export const list = (node: XmlNode | undefined): XmlNode[] => (node === undefined ? [] : Array.isArray(node) ? node : [node]);
export const element = (node: XmlNode | undefined): XmlElement | undefined =>
  node !== undefined && typeof node === 'object' && !Array.isArray(node) ? node : undefined;

/** Every node at `path` below `from`, through repeated elements. */
export function valuesAt(from: XmlElement, path: readonly string[]): XmlNode[] {
  let nodes: XmlNode[] = [from];
  for (const name of path) {
    nodes = nodes.flatMap((node) => list(element(node)?.[name]));
  }
  return nodes;
}

// ELSTER writes whole euros ("45000") or euros and cents with a decimal comma ("6200,00") [E][JL].
// Anything else in a caller's XML is not shown rather than guessed at.
export function amountCents(text: string): number | undefined {
  const match = /^(\d{1,13})(?:,(\d{2}))?$/.exec(text);
  return match ? Number(match[1]) * 100 + Number(match[2] ?? 0) : undefined;
}

/** A line of the protocol: the amounts at `path` + `id` in each instance of `form`, added up. */
export interface AmountLine {
  form: string;
  path: readonly string[];
  id: string;
  label: string;
}

/** A figure of the protocol. */
export interface KeyFigure {
  /** German, as on the form. */
  label: string;
  value: string;
}

/** The text of child `id` of `from`, where it is one. */
export const field = (from: XmlElement | undefined, id: string): string | undefined => {
  const node = from?.[id];
  return typeof node === 'string' ? node : undefined;
};

/** The instances of a repeated element, as elements. */
export const elements = (node: XmlNode | undefined): XmlElement[] =>
  list(node).flatMap((entry) => {
    const instance = element(entry);
    return instance ? [instance] : [];
  });

/** An amount as the request takes it ("1200.50", "300"), from ELSTER's "1200,50" or "300"; undefined for anything else. */
export function amountOf(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const match = /^(-?\d{1,13})(?:,(\d{2}))?$/.exec(text);
  return match ? (match[2] === undefined ? match[1] : `${match[1]}.${match[2]}`) : undefined;
}

/** A whole number of a count field. */
export const countOf = (text: string | undefined): number | undefined => (text !== undefined && /^\d{1,5}$/.test(text) ? Number(text) : undefined);

/** Drops the keys whose value is undefined, so a read-back body carries only what the XML says. */
export const defined = <T extends Record<string, unknown>>(object: T): T =>
  Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T;
