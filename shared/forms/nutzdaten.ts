import { estNutzdaten } from '#shared/forms/est/xml-writer.ts';
import { ustvaNutzdaten } from '#shared/forms/ustva/xml-writer.ts';
import { kz38From } from '#shared/forms/ustva/special-filings.ts';
import { advisorClientElements, elementsOf, partyElements } from '#shared/forms/ustva/parties.ts';
import type { Submission } from '#shared/ports.ts';
import type { AcceptedBody } from '#shared/forms/accepted.ts';
import type { Filing } from '#shared/forms/filing.ts';

export interface NutzdatenOptions {
  herstellerId: string;
  createdAt: Date;
}

/**
 * The ELSTER Nutzdaten element of a checked filing: the caller's own XML as it came, or built from
 * the structured fields. Built at transmission, so it carries the day it was sent.
 */
export function nutzdatenFor(filing: Filing, options: NutzdatenOptions): string {
  if (filing.kind === 'est') {
    const { body } = filing;
    return body.xml === undefined ? estNutzdaten(body, options) : body.xml;
  }
  const { body } = filing;
  if (body.xml !== undefined) return body.xml;
  const common = {
    year: body.year,
    taxNumber: body.tax_number,
    supplier: body.supplier,
    ...(body.flags && { flags: body.flags }),
    ...(body.widnr !== undefined && { widnr: body.widnr }),
    parties: {
      ...(body.advisor && { Berater: elementsOf(partyElements, body.advisor) }),
      ...(body.advisor_client && { Mandant: elementsOf(advisorClientElements, body.advisor_client) }),
      ...(body.business && { Unternehmer: elementsOf(partyElements, body.business) }),
    },
    ...options,
  };
  if (body.type === 'voranmeldung') return ustvaNutzdaten({ ...common, period: body.period, kennzahlen: body.kennzahlen });
  if (body.type === 'dauerfristverlaengerung') return ustvaNutzdaten({ ...common, type: body.type, kennzahlen: {} });
  const kz38 = body.kennzahlen?.kz38 ?? (body.prepayments_prior_year === undefined ? undefined : kz38From(body.prepayments_prior_year));
  return ustvaNutzdaten({ ...common, type: body.type, kennzahlen: kz38 === undefined ? {} : { kz38 } });
}

/**
 * What a tax authority is handed for a checked filing, to send (with the ticket) or only to check;
 * `period` is the ticket's. Throws when the filing cannot be written as ELSTER XML, which the
 * check rules out.
 */
export function submissionFor(filing: Filing, period: string | undefined, datenartVersion: string, options: NutzdatenOptions): Omit<Submission, 'ticket'> {
  const body: AcceptedBody = filing.body;
  return {
    kind: filing.kind,
    test: body.test,
    year: body.year,
    ...(period !== undefined && { period }),
    ...(body.tax_number !== undefined && { tax_number: body.tax_number }),
    ...(body.tax_office !== undefined && { tax_office: body.tax_office }),
    datenart_version: datenartVersion,
    nutzdaten: nutzdatenFor(filing, options),
  };
}
