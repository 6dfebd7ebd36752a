// A form's generated schema structure of a year, where its folder says it is (structure/sources.ts):
// that year's own, or the newest before it, as the form's reader stands it in.
import type { Kind } from '#shared/domain/ticket.ts';
import { loadStructure, type CompactStructure } from '#shared/xml/structure.ts';
import { formSources } from '../../scripts/structure/modules.ts';

export function schemaStructureOf(kind: Kind, year: number): Promise<CompactStructure> {
  const { sources } = formSources.find((form) => form.kind === kind)!;
  const file = 'prefix' in sources ? `${sources.file}-${Math.max(...sources.years.filter((each) => each <= year))}` : sources.file;
  return loadStructure(new URL(`../../shared/forms/${kind}/structure/${file}.json`, import.meta.url));
}
