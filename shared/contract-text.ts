// Contract text that is prose lives in Markdown beside the module it describes, one `## name` section
// each, and is read when the OpenAPI document is built: at bundle time (scripts/openapi/write.ts), or
// from the sources locally and in the tests. A deployed function reads the document beside its
// bundle (document-json.ts), so no bundle needs these files. `{{name}}` is a value the code fills in:
// a name without its value, or a value the text never names, fails the build of the document.

import { readFileSync } from 'node:fs';
import { once } from '#shared/once.ts';

export type ContractText = (section: string, values?: Readonly<Record<string, string | number>>) => string;

/** The sections of the Markdown document at `url`, read on first use. */
export function contractText(url: URL): ContractText {
  const sections = once(() => {
    const found = new Map<string, string[]>();
    let current: string[] | undefined;
    for (const line of readFileSync(url, 'utf8').split('\n')) {
      const heading = /^## (.+)$/.exec(line);
      if (heading) found.set(heading[1]!, (current = []));
      else current?.push(line);
    }
    return new Map([...found].map(([name, lines]) => [name, lines.join('\n').trim()]));
  });
  return (section, values = {}) => {
    const text = sections().get(section);
    if (text === undefined) throw new Error(`${url.pathname}: no section "## ${section}"`);
    const unused = new Set(Object.keys(values));
    const filled = text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
      if (!(name in values)) throw new Error(`${url.pathname}, "## ${section}": no value for {{${name}}}`);
      unused.delete(name);
      return String(values[name]);
    });
    if (unused.size > 0) throw new Error(`${url.pathname}, "## ${section}": the text never names ${[...unused].join(', ')}`);
    return filled;
  };
}
