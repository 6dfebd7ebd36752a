// The <Elster> document ERiC sends: DatenTeil/Nutzdatenblock with the NutzdatenHeader around the
// Nutzdaten element. ERiC adds the TransferHeader itself (EricCreateTH). Shape as built by
// digitalservicebund/erica (erica/worker/elster_xml/elster_xml_generator.py: _BASE_XML,
// _add_xml_nutzdaten_header; NutzdatenHeader version 11, Empfaenger id="F" = the tax office). A form
// sent elsewhere names its recipient in its facts (the ZM: the Bundeszentralamt für Steuern).

import { randomUUID } from 'node:crypto';
import type { Finding } from '#shared/domain/ticket.ts';
import { formFacts } from '#shared/forms/registry.ts';
import { attachmentsXmlBytes } from '#shared/forms/attachments.ts';
import { parseXml } from '#shared/xml/xml.ts';
import { buildXml } from '#shared/xml/build.ts';
import type { TransferHeaderFields } from '#shared/eric/library.ts';
import type { Transmission } from '#shared/ports/tax-authority.ts';

const elsterNamespace = 'http://www.elster.de/elsterxml/schema/v11';

/** The Testmerker of test cases (ERIC_TESTMERKER_CLEARINGSTELLE in ERiC's headers); live cases carry none. */
export const testmerker = '700000004';

/** What EricCreateTH writes into the TransferHeader for this transmission; `send-Auth`: sent signed with the certificate. */
export function transferHeaderFields(
  transmission: Pick<Transmission, 'kind' | 'test'>,
  sender: { herstellerId: string; datenLieferant: string },
): TransferHeaderFields {
  return {
    verfahren: formFacts[transmission.kind].verfahren,
    datenart: formFacts[transmission.kind].datenart,
    vorgang: 'send-Auth',
    ...(transmission.test ? { testmerker } : {}),
    herstellerId: sender.herstellerId,
    datenLieferant: sender.datenLieferant,
  };
}

export type ElsterDocument = { ok: true; xml: string } | { ok: false; finding: Finding };

/**
 * The document for `transmission`, or the finding why there cannot be one. The Nutzdaten go in as
 * they are (a caller's own XML is transmitted unchanged); they are parsed first, so only one
 * well-formed element without a DTD is ever placed into the document.
 */
export function elsterDocument(
  transmission: Pick<Transmission, 'kind' | 'tax_number' | 'tax_office' | 'nutzdaten'>,
  product: { name: string; version: string },
): ElsterDocument {
  const recipient = recipientOf(transmission);
  if (!recipient) {
    return { ok: false, finding: { path: 'tax_number', code: 'TAX_OFFICE_MISSING', message: 'must name the tax office (tax_number or tax_office)' } };
  }
  const nutzdaten = transmission.nutzdaten.replace(/^\uFEFF?\s*(<\?xml[^>]*\?>)?\s*/, '').trimEnd();
  // A letter's Nutzdaten are its element and the attachments beside it (contract §13): each must be a well-formed element.
  for (const element of nutzdaten.split(/(?=<Anhaenge[\s>])/)) {
    const attachments = element.startsWith('<Anhaenge');
    const parsed = parseXml(element.trim(), attachments ? { maxBytes: attachmentsXmlBytes } : {});
    if (!parsed.ok) return { ok: false, finding: { path: 'xml', code: parsed.problem.code, message: parsed.problem.message } };
  }

  return { ok: true, xml: elsterEnvelope(nutzdaten, recipient, product) };
}

/** The <Elster> document around Nutzdaten the caller has checked: one Nutzdatenblock to `recipient`. */
export function elsterEnvelope(nutzdaten: string, recipient: { id: string; code: string }, product: { name: string; version: string }): string {
  const placeholder = `nutzdaten-${randomUUID()}`;
  const envelope = buildXml(
    {
      Elster: {
        '@_xmlns': elsterNamespace,
        DatenTeil: {
          Nutzdatenblock: {
            NutzdatenHeader: {
              '@_version': '11',
              // One Nutzdatenblock per delivery, so its ticket need only be unique within it, as erica's "1".
              NutzdatenTicket: '1',
              Empfaenger: { '@_id': recipient.id, '#text': recipient.code },
              Hersteller: { ProduktName: product.name, ProduktVersion: product.version },
            },
            Nutzdaten: placeholder,
          },
        },
      },
    },
    { declaration: true },
  );
  return envelope.replace(placeholder, () => nutzdaten);
}

/** The form's own recipient, or the tax office: the first four digits of the ELSTER tax number (Bundesfinanzamtsnummer). */
function recipientOf(transmission: Pick<Transmission, 'kind' | 'tax_number' | 'tax_office'>): { id: string; code: string } | undefined {
  const own = formFacts[transmission.kind].recipient;
  if (own) return own;
  const taxOffice = transmission.tax_number?.slice(0, 4) ?? transmission.tax_office;
  return taxOffice && /^\d{4}$/.test(taxOffice) ? { id: 'F', code: taxOffice } : undefined;
}
