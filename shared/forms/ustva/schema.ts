import * as z from 'zod/mini';
import { alongsideFieldChecks, common, formYear, money, nutzdatenXml, refuseBesideXml, requireField, taxNumber, text } from '#shared/forms/fields.ts';
import { datenLieferant } from '#shared/forms/ustva/structure.ts';
import { textFactsOf } from '#shared/xml/structure.ts';

/** A supplier field as long as its DatenLieferant element may be, and not empty. */
const supplierText = (element: string) => text(textFactsOf(datenLieferant, element).maxLength!, 1);

export const ustvaSchema = z
  .strictObject({
    ...common,
    year: formYear('ustva'),
    tax_number: taxNumber,
    period: z.optional(z.string().check(z.regex(/^(0[1-9]|1[0-2]|4[1-4])$/, { error: 'must be a month "01"–"12" or a quarter "41"–"44"' }))),
    // ELSTER's DatenLieferant: who hands the data over, with a postal address; the lengths are the
    // schema's (structure.ts), so what our check accepts ERiC's schema check accepts too.
    supplier: z.optional(
      z.strictObject({
        name: supplierText('Name'),
        street: supplierText('Strasse'),
        postal_code: supplierText('PLZ'),
        city: supplierText('Ort'),
        phone: z.optional(supplierText('Telefon')),
        email: z.optional(supplierText('Email')),
      }),
    ),
    kennzahlen: z.optional(
      z.record(
        z.string().check(z.regex(/^kz\d{2}$/, { error: 'must be a Kennzahl key such as "kz81"' })),
        // Kz 70 (from 2025) is a date; every other Kennzahl an amount.
        z.union([money, z.iso.date()], { error: 'must be an amount in euros (a number or a decimal string like "1200.50"), or for kz70 a date YYYY-MM-DD' }),
      ),
    ),
    flags: z.optional(
      z.strictObject({
        corrected: z.optional(z.boolean()),
        documents_separate: z.optional(z.boolean()),
        direct_debit_revoked: z.optional(z.boolean()),
        refund_offset: z.optional(z.boolean()),
      }),
    ),
    xml: z.optional(nutzdatenXml),
  })
  .check(
    // Either the structured fields or the caller's own XML.
    z.superRefine((body, context) => {
      if (body.xml !== undefined) return refuseBesideXml(context, body, ['period', 'kennzahlen', 'flags', 'supplier']);
      if (body.period === undefined) requireField(context, 'period');
      if (body.kennzahlen === undefined) requireField(context, 'kennzahlen');
      if (body.supplier === undefined) requireField(context, 'supplier', 'is required: ELSTER needs the data supplier (DatenLieferant) with name and address');
    }, alongsideFieldChecks),
  );

export type UstvaRequest = z.infer<typeof ustvaSchema>;

type UstvaCommon = Omit<UstvaRequest, 'period' | 'kennzahlen' | 'supplier' | 'flags' | 'xml'>;
type UstvaFields = Required<Pick<UstvaRequest, 'period' | 'kennzahlen' | 'supplier'>> & Pick<UstvaRequest, 'flags'>;

/** A checked UStVA as it is stored and sent: its structured fields, or the caller's own Nutzdaten. */
export type UstvaFiling = (UstvaCommon & UstvaFields & { xml?: undefined }) | (UstvaCommon & { xml: string });

/**
 * The request as the one way of filing it takes. The schema's refinement has made sure of the
 * fields each way needs, so a request without them is a fault of this code, not of the caller.
 */
export function ustvaFilingOf(request: UstvaRequest): UstvaFiling {
  const { period, kennzahlen, supplier, flags, xml, ...common } = request;
  if (xml !== undefined) return { ...common, xml };
  if (period === undefined || kennzahlen === undefined || supplier === undefined)
    throw new TypeError('a UStVA without xml needs period, kennzahlen and supplier');
  return { ...common, period, kennzahlen, supplier, ...(flags && { flags }) };
}
