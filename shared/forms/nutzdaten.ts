import type { Kind } from '#shared/domain/ticket.ts';
import { estNutzdaten } from '#shared/forms/est/xml-writer.ts';
import { ustvaNutzdaten } from '#shared/forms/ustva/xml-writer.ts';
import type { Submission } from '#shared/ports.ts';
import type { UstvaRequest } from '#shared/forms/ustva/schema.ts';
import type { AcceptedBody } from '#shared/forms/accepted.ts';
import type { EstReturn } from '#shared/forms/est/model.ts';

export interface NutzdatenOptions {
  herstellerId: string;
  createdAt: Date;
}

/**
 * The ELSTER Nutzdaten element for a stored, validated body: the caller's own XML as it came, or
 * built from the structured fields. Built at transmission, so it carries the day it was sent.
 */
export function nutzdatenFor(kind: Kind, body: unknown, options: NutzdatenOptions): string {
  const { xml } = body as { xml?: string };
  if (xml !== undefined) return xml;
  if (kind === 'est') return estNutzdaten(body as EstReturn, options);
  // Without xml, validation has made sure of period, kennzahlen and supplier.
  const ustva = body as UstvaRequest;
  return ustvaNutzdaten({
    year: ustva.year,
    period: ustva.period!,
    taxNumber: ustva.tax_number,
    kennzahlen: ustva.kennzahlen!,
    ...(ustva.flags && { flags: ustva.flags }),
    ...(ustva.supplier && { supplier: ustva.supplier }),
    ...options,
  });
}

/**
 * What a tax authority is handed for a checked body, to send (with the ticket) or only to check.
 * Throws when the body cannot be written as ELSTER XML, which validation rules out.
 */
export function submissionFor(kind: Kind, body: AcceptedBody, datenartVersion: string, options: NutzdatenOptions): Omit<Submission, 'ticket'> {
  return {
    kind,
    test: body.test,
    year: body.year,
    ...(body.period !== undefined && { period: body.period }),
    ...(body.tax_number !== undefined && { tax_number: body.tax_number }),
    ...(body.tax_office !== undefined && { tax_office: body.tax_office }),
    datenart_version: datenartVersion,
    body,
    nutzdaten: nutzdatenFor(kind, body, options),
  };
}
