// Anlage Haushaltsnahe Aufwendungen (§ 35a EStG, HA_35a): how it is written and shown. Sources as in xml-writer.ts.
//
// Its structured fields (map.ts): mini-jobs in the household (Abs. 1: 20 %, at most
// 510 €), household services (Abs. 2: 20 %, at most 4,000 €) and craftsmen's work (Abs. 3: 20 % of
// the labour, machine and travel costs, at most 1,200 €; Abs. 5 Satz 2), each itemised with its
// total, and the household shared with others, whose maximum is split.
import type { XmlElement } from '#shared/xml/xml.ts';
import type { EstReturn } from '#shared/forms/est/model.ts';
import { e10 } from '#shared/forms/est/fields.ts';
import { deductionCents, expenseEuros } from '#shared/forms/est/xml-parts.ts';
import type { AmountLine } from '#shared/forms/est/read-parts.ts';
import { count, expense, text, tick } from '#shared/forms/est/anlagen/formats.ts';
import { group, leaf, list, perPerson, total, type Anlage } from '#shared/forms/est/anlagen/map.ts';
import { itemised } from '#shared/forms/est/anlagen/blocks.ts';
import type { Finding } from '#shared/domain/ticket.ts';
import { toCents } from '#shared/tax/money.ts';

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

export const ha35aAnlage: Anlage = {
  key: 'section_35a',
  element: 'HA_35a',
  label: 'Steuerermäßigung für haushaltsnahe Tätigkeiten (§ 35a EStG)',
  fields: {
    ...itemised('minijobs', 'St_Erm/Minijobs', 12, ['E0104206', 'E0104108', 'E0104109'], { description: 'Art der Tätigkeit', amount: 'Minijobs im Haushalt' }),
    ...itemised('services', 'St_Erm/Hhn_BV_DL', 50, ['E0107206', 'E0107207', 'E0107208'], {
      description: 'Art der Tätigkeit',
      amount: 'Haushaltsnahe Dienstleistungen',
    }),
    craftsmen: list('St_Erm/Handw_L/Einz', 50, {
      description: leaf('E0111217', text(), 'Art der Aufwendungen'),
      invoiced: leaf('E0170601', expense, 'Handwerkerleistungen: Rechnungsbeträge'),
      labour: leaf('E0111214', expense, 'Handwerkerleistungen: Arbeits-, Maschinen- und Fahrtkosten'),
    }),
    craftsmen_total: total('St_Erm/Handw_L/Sum/E0111215', ['craftsmen', 'labour']),
    shared_household: group('St_Erm/Alleinst', {
      persons: leaf('E0107606', count(99), 'Anzahl der Personen im gemeinsamen Haushalt'),
      names: list('Pers_gem_HH', 12, { name: leaf('E0104706', text(), 'Name, Vorname, Geburtsdatum') }),
    }),
    household_changed: perPerson('St_Erm/ZV_EVEG', { changed: leaf('E0107605', tick('1'), 'Haushalt begründet oder aufgelöst') }),
  },
};

/** The labour in a craftsman's invoice is part of it (§ 35a Abs. 5 Satz 2 EStG), so never more than it. */
export function ha35aFindings(body: { section_35a?: { craftsmen?: { invoiced?: number | string; labour?: number | string }[] } }): Finding[] {
  return (body.section_35a?.craftsmen ?? []).flatMap((line, index) =>
    line.invoiced !== undefined && line.labour !== undefined && toCents(line.labour) > toCents(line.invoiced)
      ? [{ path: `section_35a.craftsmen.${index}.labour`, code: 'LABOUR_ABOVE_INVOICE', message: 'is more than the invoice it is part of (`invoiced`)' }]
      : [],
  );
}
