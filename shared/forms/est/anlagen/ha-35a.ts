// Anlage Haushaltsnahe Aufwendungen (§ 35a EStG, HA_35a): how it is written and shown. Sources as in xml-writer.ts.
import type { XmlElement } from '#shared/xml/xml.ts';
import type { EstReturn } from '#shared/forms/est/model.ts';
import { e10 } from '#shared/forms/est/fields.ts';
import { deductionCents, expenseEuros } from '#shared/forms/est/xml-parts.ts';
import type { AmountLine } from '#shared/forms/est/read-parts.ts';

// § 35a needs the itemised lines, not only their sum [JL, ERiC plausibility]; the request has one
// amount each, so it becomes one line described as on the form [own].
export function householdServices(body: EstReturn): XmlElement | undefined {
  const household = deductionCents(body, 'household_services');
  const craftsman = deductionCents(body, 'craftsman_services');
  if (household === 0 && craftsman === 0) return undefined;
  return {
    St_Erm: {
      ...(household > 0 && {
        Hhn_BV_DL: {
          Einz: { [e10.householdServicesDescription]: 'Haushaltsnahe Dienstleistungen', [e10.householdServicesAmount]: expenseEuros(household) },
          Sum: { [e10.householdServicesTotal]: expenseEuros(household) },
        },
      }),
      // Only labour, machine and travel costs count (§ 35a Abs. 5 Satz 2 EStG): the amount is read as those.
      ...(craftsman > 0 && {
        Handw_L: {
          Einz: { [e10.craftsmanServicesDescription]: 'Handwerkerleistungen', [e10.craftsmanServicesLabour]: expenseEuros(craftsman) },
          Sum: { [e10.craftsmanServicesTotal]: expenseEuros(craftsman) },
        },
      }),
    },
  };
}

/** What the protocol shows of Anlage Haushaltsnahe Aufwendungen. */
export const householdServiceLines: readonly AmountLine[] = [
  { form: 'HA_35a', path: ['St_Erm', 'Hhn_BV_DL', 'Sum'], id: e10.householdServicesTotal, label: 'Haushaltsnahe Dienstleistungen' },
  { form: 'HA_35a', path: ['St_Erm', 'Handw_L', 'Sum'], id: e10.craftsmanServicesTotal, label: 'Handwerkerleistungen (Arbeitskosten)' },
];
