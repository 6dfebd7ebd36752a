// What a read-back answers of the elements a form's writer sets itself (contract §12, `data.replaced`):
// submitting the body read back writes the service's own value there, so the caller is shown each
// such element of their XML with the value it had, and nothing changes unseen.
import { readXml, type XmlTree } from '#shared/xml/xml.ts';

/** An element of the caller's XML that the service writes itself: its path from the root (`E10/Vorsatz/AbsName`) and the caller's value. */
export interface ReplacedElement {
  path: string;
  value: string;
}

/** Whether the element at `path` (from the root, `/`-separated) is one the form's writer sets itself. */
export type SetBySelf = (path: string) => boolean;

/** Every element with a value in `xml` that `setBySelf` names, in document order. */
export function replacedElements(xml: string, setBySelf: SetBySelf): ReplacedElement[] {
  const read = readXml(xml);
  if (!read.ok) return [];
  const replaced: ReplacedElement[] = [];
  const walk = (node: XmlTree, path: string) => {
    if (node.children.length === 0) {
      if (setBySelf(path)) replaced.push({ path, value: node.text.trim() });
    } else for (const child of node.children) walk(child, `${path}/${child.name}`);
  };
  walk(read.tree, read.tree.name);
  return replaced;
}

/** The paths `patterns` name, each from the root, where `*` stands for any one element's name. */
export function pathsSetBySelf(...patterns: string[]): SetBySelf {
  const matchers = patterns.map(
    (pattern) =>
      new RegExp(
        `^${pattern
          .split('/')
          .map((name) => (name === '*' ? '[^/]+' : name))
          .join('/')}$`,
      ),
  );
  return (path) => matchers.some((matcher) => matcher.test(path));
}
