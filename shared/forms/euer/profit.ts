// The profit of an Anlage EÜR, its steuerpflichtiger Gewinn/Verlust (E6007202), as the E77 it is
// sent as gives it or as its lines compute it (totals.ts): for hints that compare it with the other
// returns of the same business and year.
import { e77Findings } from '#shared/forms/euer/check.ts';
import type { EuerFiling } from '#shared/forms/euer/schema.ts';
import { profitElement } from '#shared/forms/euer/totals.ts';
import { euerXml } from '#shared/forms/euer/xml-writer.ts';

/** The profit of a filing body in euros (a loss is negative), or undefined where its E77 cannot be read (Profit in shared/forms/form.ts). */
export function profit(body: EuerFiling): number | undefined {
  const xml = body.xml ?? euerXml(body, new Date()).xml;
  const cents = e77Findings(xml, body.year, (names) => names.join('/')).amounts?.get(profitElement);
  return cents === undefined ? undefined : cents / 100;
}
