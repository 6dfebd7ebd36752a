// Blocks of fields that several Anlagen of E10 declare alike: whom a tax office determined, with
// that office and the tax number; a business with its identification number and profit; lines of
// one kind with the total the schema wants beside them. Callers name every element ID and label.
import { businessId, expense, income, taxNumber, text, type Format } from '#shared/forms/est/anlagen/formats.ts';
import { from2024, leaf, list, total, type Fields, type Path } from '#shared/forms/est/anlagen/map.ts';

/** A partnership, foundation or company by name (`key`) with the tax office that determined it and its tax number. */
export const namedWithOffice = (ids: readonly [Path, Path, Path], label: string, key = 'name'): Fields => ({
  [key]: leaf(ids[0], text(), label),
  tax_office: leaf(ids[1], text(), 'Finanzamt'),
  tax_number: leaf(ids[2], taxNumber, 'Steuernummer'),
});

/** A business or activity on its line, named as `key`, with its business identification number (from 2024) and profit; ids in that order. */
export const businessLine = (key: string, ids: readonly [string, string, string], labels: { name: string; profit: string }): Fields => ({
  [key]: leaf(ids[0], text(), labels.name),
  business_id: leaf(from2024(ids[1]), businessId, 'Wirtschafts-Identifikationsnummer'),
  profit: leaf(ids[2], income, labels.profit),
});

/**
 * Lines of one kind below `at` (empty: the group itself), each its description and amount (`Einz`),
 * as `key`, and their total (`Sum`) as `key_total`; ids are the description's, the amount's and the total's.
 */
export const itemised = (
  key: string,
  at: string,
  many: number,
  ids: readonly [string, string, string],
  labels: { description: string; amount: string },
  amount: Format = expense,
): Fields => ({
  [key]: list(below(at, 'Einz'), many, { description: leaf(ids[0], text(), labels.description), amount: leaf(ids[1], amount, labels.amount) }),
  [`${key}_total`]: total(below(at, `Sum/${ids[2]}`), [key, 'amount']),
});
const below = (at: string, path: string) => (at ? `${at}/${path}` : path);
