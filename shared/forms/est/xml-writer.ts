// The income tax return as ELSTER's Nutzdaten element: the E10 structure of the ESt form of the
// tax year. Built as a tree and serialised by buildXml, so no caller text ever becomes markup.
//
// Sources of element names and field identifiers (E-numbers):
//   [E]   digitalservicebund/erica: erica/worker/elster_xml/est_mapping.py, elster_xml_generator.py,
//         erica/elster_xml/elster_xml_tree.py (E10 of 2021, used in production by the Steuerlotse).
//   [JL]  JumpLink/steuererklaerung: app/src/core/elster/est-xml.ts (E10 of 2025, checked by its
//         authors against ERiC 43.4.6).
//   [PUB] public E10 writers that validate against the official schema (E10-2024.xsd,
//         E10-2025.xsd) and quote it: the xs:sequence of E10_CType and of its forms, and the
//         fields marked so. Seen in excerpts that do not name their repository; [JL] agrees
//         wherever both show the same element.
//   [own] steuerbote's own choice where no public source shows the field; each says why.
import type { XmlElement } from '#shared/xml/xml.ts';
import { buildXml } from '#shared/xml/build.ts';
import type { EstReturn } from '#shared/forms/est/model.ts';
import { vorsatz as vorsatzFacts } from '#shared/forms/est/structure.ts';
import { textFactsOf } from '#shared/xml/structure.ts';
import { perPerson } from '#shared/forms/est/xml-parts.ts';
import { mainForm } from '#shared/forms/est/anlagen/main-form.ts';
import { specialExpenses } from '#shared/forms/est/anlagen/sa.ts';
import { extraordinaryBurdens } from '#shared/forms/est/anlagen/agb.ts';
import { householdServices } from '#shared/forms/est/anlagen/ha-35a.ts';
import { doubleHouseholdForm, employmentForm } from '#shared/forms/est/anlagen/n.ts';
import { pensionForm } from '#shared/forms/est/anlagen/r.ts';
import { provisionExpenses } from '#shared/forms/est/anlagen/vorsorge.ts';
import { withMappedForms } from '#shared/forms/est/anlagen/mapped.ts';

export const estNamespace = (year: number) => `http://finkonsens.de/elster/elstererklaerung/est/e10/v${year}`;

/**
 * The forms of the return in E10's order [PUB]: ESt1A, SA, AgB, HA_35a, N, N_DHH, R, VOR. Without the
 * Vorsatz, which only frames them; the key figures of the protocol are read from this tree.
 */
function estForms(body: EstReturn): XmlElement {
  const forms: Record<string, XmlElement | XmlElement[] | undefined> = {
    ESt1A: mainForm(body),
    SA: specialExpenses(body),
    AgB: extraordinaryBurdens(body),
    HA_35a: householdServices(body),
    N: perPerson((person) => employmentForm(body, person)),
    N_DHH: perPerson((person) => doubleHouseholdForm(body, person)),
    R: perPerson((person) => pensionForm(body, person)),
    VOR: provisionExpenses(body),
  };
  return withMappedForms(body, forms);
}

/** At most as many characters as the Vorsatz's sender line `element` takes: shorter than the names and address it shows. */
const senderLine = (element: string, text: string) => [...text].slice(0, textFactsOf(vorsatzFacts, element).maxLength).join('');

/**
 * The Vorsatz closes E10: who files, for which year, and how the notice comes back [E][JL]. Its
 * sender lines (Abs…) are clipped to the schema's lengths (structure.ts) and a postal code
 * other than five German digits is left out [own]: the taxpayer's full name and address travel
 * in ESt1A, and a longer sender line would make ERiC refuse the whole return.
 */
function vorsatz(body: EstReturn, createdAt: Date): XmlElement {
  const taxpayer = body.taxpayer;
  const address = taxpayer.address;
  const spouse = body.joint_assessment ? (body.spouse ?? undefined) : undefined;
  return {
    Unterfallart: '10',
    Vorgang: '01',
    ...(body.tax_number && { StNr: body.tax_number }),
    ...(taxpayer.idnr && { ID: taxpayer.idnr }),
    ...(spouse?.idnr && { IDEhefrau: spouse.idnr }),
    Zeitraum: String(body.year),
    AbsName: senderLine('AbsName', `${taxpayer.last_name} ${taxpayer.first_name}`),
    ...(address && {
      AbsStr: senderLine('AbsStr', address.house_number ? `${address.street} ${address.house_number}` : address.street),
      ...(textFactsOf(vorsatzFacts, 'AbsPlz').pattern!.test(address.postal_code) && { AbsPlz: address.postal_code }),
      AbsOrt: senderLine('AbsOrt', address.city),
    }),
    Copyright: `(C) ${createdAt.getUTCFullYear()} steuerbote`,
    // "S": identified by tax number; "O": a first return, which names its tax office in the transfer header only [E].
    OrdNrArt: body.tax_number ? 'S' : 'O',
    // "1": the tax office provides its Bescheiddaten for pickup by the certificate that signs; "2": none.
    Rueckuebermittlung: { Bescheid: body.bescheiddaten ? '1' : '2' },
  };
}

/**
 * The E10 Nutzdaten element of a return that passed `estFindings`. The manufacturer ID travels in
 * the transfer header, not in E10; it is accepted here so every Nutzdaten builder takes the same options.
 */
export function estNutzdaten(body: EstReturn, options: { herstellerId: string; createdAt: Date }): string {
  return buildXml({
    E10: {
      '@_version': String(body.year),
      '@_xmlns': estNamespace(body.year),
      ...estForms(body),
      Vorsatz: vorsatz(body, options.createdAt),
    },
  });
}
