// Builds the ZM Nutzdaten: the `zm` element, in no namespace, with the schema's constant version
// (shared/elster/schemas/zm_000005.xsd; ELSTER's sample shared/elster/samples/zmdo_send-Auth.xml
// shows it inside the Elster document). One `unternehmer` with one `zm-zeilen`: one business, one
// period per report. The schema has no creation date or Hersteller-ID element, so the document is
// the same whenever and by whom it is written.
import { lineKinds, zmPeriodQuart, type ZmFlags, type ZmLine } from '#shared/forms/zm/model.ts';
import { ericAdmission, euro, zmVersion } from '#shared/forms/zm/structure.ts';
import { type XmlElement } from '#shared/xml/xml.ts';
import { buildXml } from '#shared/xml/build.ts';

export interface ZmBusiness {
  company_name: string;
  address_supplement?: string;
  street: string;
  house_number?: string;
  house_number_suffix?: string;
  postal_code?: string;
  city: string;
  country: string;
  phone?: string;
}

export interface ZmNutzdatenInput {
  year: number;
  period: string;
  vatId: string;
  business: ZmBusiness;
  lines: readonly (Omit<ZmLine, 'amount'> & { amount: number | string })[];
  flags?: ZmFlags;
}

/** anschrift_Type's elements in the schema's order, and the business field each holds. */
export const addressElements = {
  name: 'company_name',
  adresszusatz: 'address_supplement',
  strasse: 'street',
  hausnr: 'house_number',
  hausnrzusatz: 'house_number_suffix',
  plz: 'postal_code',
  ort: 'city',
  staat: 'country',
  telefon: 'phone',
} as const satisfies Record<string, keyof ZmBusiness>;

/** The `zm` element, without an XML declaration. Expects a body that passed the check; what it cannot write faithfully throws. */
export function zmNutzdaten(input: ZmNutzdatenInput): string {
  const quart = zmPeriodQuart[input.period];
  if (quart === undefined) throw new RangeError(`${input.period} is not a period of the ZM`);
  const anschrift: XmlElement = {};
  for (const [element, field] of Object.entries(addressElements)) {
    const value = input.business[field];
    if (value !== undefined) anschrift[element] = value;
  }
  return buildXml({
    zm: {
      '@_version': zmVersion,
      unternehmer: {
        knri: input.vatId,
        zulassNr: { ...ericAdmission },
        anschrift,
        'zm-zeilen': {
          '@_waehrung': euro,
          '@_meldeart': input.flags?.corrected ? '11' : '10',
          anzeige: String(input.flags?.monthly_notice === true),
          widerruf: String(input.flags?.monthly_revoked === true),
          mzr: { quart, jahr: String(input.year) },
          zeile: input.lines.map((line) => ({ '@_umsatzart': lineKinds[line.kind], knre: line.customer_vat_id, betrag: wholeEuros(line.amount) })),
        },
      },
    },
  });
}

function wholeEuros(amount: number | string): string {
  const value = Number(amount);
  if (!Number.isSafeInteger(value)) throw new RangeError('an amount must be whole euros');
  return String(value);
}
