import type { TransmissionData } from '#shared/ports/tax-authority.ts';
import type { AcceptedBody } from '#shared/forms/accepted.ts';
import type { Filing } from '#shared/forms/filing.ts';

/**
 * What a tax authority is handed for a checked filing, to send (with the ticket) or only to check;
 * `period` is the ticket's, `nutzdaten` what the filing's form writes of it (shared/forms/form.ts),
 * built at transmission so it carries the day it was sent.
 */
export function transmissionFor(filing: Filing, period: string | undefined, datenartVersion: string, nutzdaten: string): TransmissionData {
  const body: AcceptedBody = filing.body;
  return {
    kind: filing.kind,
    test: body.test,
    year: body.year,
    ...(period !== undefined && { period }),
    ...(body.tax_number !== undefined && { tax_number: body.tax_number }),
    ...(body.tax_office !== undefined && { tax_office: body.tax_office }),
    ...(body.vat_id !== undefined && { vat_id: body.vat_id }),
    ...(body.client_reference !== undefined && { client_reference: body.client_reference }),
    ...(body.bescheiddaten === true && { bescheiddaten: true }),
    datenart_version: datenartVersion,
    nutzdaten,
  };
}
