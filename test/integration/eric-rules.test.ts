// ERiC's plausibility rules of the UStVA through the validate route: a body that breaks one is
// refused with the rule's name in `rule`, whether it comes as structured fields or as the caller's
// own Nutzdaten; and ELSTER's own sample documents stay accepted.
//
// The samples are of 2021–2025 and the local service's day is fixed (STEUERBOTE_TODAY), so whether
// their year or period is still open on that day is the calendar's part, tested with the filing
// window (shared/forms/filing-window.test.ts). Here the samples must draw no finding but the
// calendar's: that is what "accepted" means for their content.

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serviceOfFile } from '#test/support/local-service.ts';
import { elsterDir, elsterMissing, needsElster } from '#test/support/elster.ts';
import { ustvaSample } from '#test/support/samples.ts';

const service = serviceOfFile();

interface Finding {
  path: string;
  code: string;
  rule?: string;
  severity?: string;
}
const validate = async (body: unknown): Promise<{ valid: boolean; findings: Finding[] }> => {
  const reply = await service.post('/v2/ustva/validate', body);
  expect(reply.status).toBe(200);
  return reply.json.data;
};
const errorsOf = (findings: Finding[]) => findings.filter((finding) => finding.severity !== 'hint').map(({ path, rule }) => `${path} ${rule}`);

const { test, tax_number, supplier } = ustvaSample();
const home = { company_name: 'Muster GmbH', street: 'Hauptstr.', house_number: '1', postal_code: '80331', city: 'München' };

// The seven rules ERiC applies that the service once let through, each with a body that breaks it:
// the request's fields, the filing type, the path of the finding in the request and in the XML.
interface Case {
  rule: string;
  type?: string;
  fields: Record<string, unknown>;
  path: string;
  xmlPath: string;
}
const cases: Case[] = [
  {
    rule: 'Svz_Kz29_ohne_Kz10',
    type: 'sondervorauszahlung',
    fields: { kennzahlen: { kz38: 1200 }, flags: { refund_offset: true } },
    path: 'flags.refund_offset',
    xmlPath: 'xml.Kz29',
  },
  {
    rule: 'Unternehmer_Hausnummerzusatz',
    fields: { business: { ...home, house_number: undefined, house_number_suffix: 'a' } },
    path: 'business.house_number_suffix',
    xmlPath: 'xml.Unternehmer.HNrZusatz',
  },
  { rule: 'Unternehmer_Adresse', fields: { business: { company_name: 'Muster GmbH' } }, path: 'business', xmlPath: 'xml.Unternehmer' },
  { rule: 'Unternehmer_Name', fields: { business: { ...home, company_name: undefined } }, path: 'business', xmlPath: 'xml.Unternehmer' },
  { rule: 'Unternehmer_Land_Ausland', fields: { business: { ...home, country: 'Deutschland' } }, path: 'business.country', xmlPath: 'xml.Unternehmer.Land' },
  { rule: 'Unternehmer_Ort', fields: { business: { ...home, city: undefined } }, path: 'business.city', xmlPath: 'xml.Unternehmer.Ort' },
  {
    rule: 'Berater_Anschrift',
    fields: { advisor: { ...home, company_name: 'Kanzlei Muster', po_box: '1234', po_box_postal_code: '80001', po_box_city: 'München' } },
    path: 'advisor',
    xmlPath: 'xml.Berater',
  },
];

const withoutUndefined = (value: object) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

/** The body as structured fields: a Voranmeldung (the sample's) or a special filing of the same business. */
function structured(type: string | undefined, fields: object) {
  if (type === undefined) return withoutUndefined({ ...ustvaSample(), ...fields });
  return withoutUndefined({ test, year: 2026, tax_number, supplier, type, ...fields });
}

describe('the seven ERiC rules the service once let through, as structured fields', () => {
  it.each(cases)('$rule', async ({ rule, type, fields, path }) => {
    const { valid, findings } = await validate(structured(type, fields));
    expect(valid).toBe(false);
    expect(errorsOf(findings)).toContain(`${path} ${rule}`);
  });

  it.each(cases)('$rule is refused on submission too', async ({ rule, type, fields }) => {
    const reply = await service.submit('ustva', structured(type, fields));
    expect(reply.status).toBe(422);
    expect(reply.json.error.details.map((finding: Finding) => finding.rule)).toContain(rule);
  });
});

describe("the seven ERiC rules as the caller's own Nutzdaten", () => {
  it.each(cases)('$rule', async ({ rule, type, fields, xmlPath }) => {
    // The service writes the XML of a valid body; the case's party or flag is then put into it, as a caller would send it.
    const valid = structured(type, type === undefined ? {} : { kennzahlen: { kz38: 1200 } });
    const { nutzdaten } = (await service.post('/v2/ustva/validate?include=nutzdaten', valid)).json.data as { nutzdaten: string };
    const xml = withCase(nutzdaten, fields);
    const { valid: isValid, findings } = await validate({ test, year: 2026, tax_number, type: type ?? 'voranmeldung', xml });
    expect(isValid).toBe(false);
    expect(errorsOf(findings)).toContain(`${xmlPath} ${rule}`);
  });
});

describe("the period, by the local service's day (2026-11-24)", () => {
  it('UStVA_Zeitraum_Zukunft: a period not begun is refused, though ERiC only hints', async () => {
    const { findings } = await validate({ ...ustvaSample(), period: '12' });
    expect(findings).toContainEqual(expect.objectContaining({ path: 'period', code: 'PERIOD_NOT_BEGUN', rule: 'UStVA_Zeitraum_Zukunft' }));
  });

  it('UStVA_Zeitraum_nicht_beendet: a period not ended is a hint', async () => {
    const { valid, findings } = await validate({ ...ustvaSample(), period: '11' });
    expect(valid).toBe(true);
    expect(findings).toContainEqual(expect.objectContaining({ code: 'PERIOD_NOT_ENDED', rule: 'UStVA_Zeitraum_nicht_beendet', severity: 'hint' }));
  });
});

const partyElements: Record<string, string> = {
  company_name: 'Bezeichnung',
  street: 'Str',
  house_number: 'Hausnummer',
  house_number_suffix: 'HNrZusatz',
  city: 'Ort',
  postal_code: 'PLZ',
  country: 'Land',
  po_box_city: 'PostfachOrt',
  po_box: 'Postfach',
  po_box_postal_code: 'PostfachPLZ',
};
const partyXml = (element: string, party: Record<string, string | undefined>) =>
  `<${element}>${Object.entries(partyElements)
    .map(([field, name]) => (party[field] === undefined ? '' : `<${name}>${party[field]}</${name}>`))
    .join('')}</${element}>`;

/** The case's party before the filing, or its flag inside it, in the schema's order. */
function withCase(nutzdaten: string, fields: Record<string, unknown>): string {
  if ('business' in fields) return nutzdaten.replace('<Steuerfall>', `<Steuerfall>${partyXml('Unternehmer', fields.business as Record<string, string>)}`);
  if ('advisor' in fields) return nutzdaten.replace('<Steuerfall>', `<Steuerfall>${partyXml('Berater', fields.advisor as Record<string, string>)}`);
  return nutzdaten.replace('<Kz38>', '<Kz29>1</Kz29><Kz38>');
}

const samples = join(elsterDir, 'samples');
const missing = elsterMissing('samples');
const calendar = new Set(['YEAR_CLOSED', 'YEAR_NOT_ENDED', 'PERIOD_NOT_BEGUN']);

describe.skipIf(missing)("ELSTER's UStVA samples, as the caller's own Nutzdaten", needsElster, () => {
  const files = missing ? [] : readdirSync(samples).filter((name) => /^UStVA_(?:(?:Df|SoVZ)_)?\d{4}\.xml$/.test(name));

  it('are fifteen: Voranmeldung, Dauerfristverlängerung and Sondervorauszahlung of 2021 to 2025', () => {
    expect(files).toHaveLength(15);
  });

  it.each(files)('%s draws no finding but the calendar’s', async (file) => {
    const document = readFileSync(join(samples, file), 'utf8');
    const xml = /<Anmeldungssteuern[\s\S]*<\/Anmeldungssteuern>/.exec(document)![0];
    const year = Number(/<Jahr>(\d{4})<\/Jahr>/.exec(xml)![1]);
    const type = file.includes('_Df_') ? 'dauerfristverlaengerung' : file.includes('_SoVZ_') ? 'sondervorauszahlung' : 'voranmeldung';
    const taxNumber = /<Steuernummer>(\d{13})<\/Steuernummer>/.exec(xml)![1];
    const { findings } = await validate({ test: true, year, type, tax_number: taxNumber, xml });
    expect(findings.filter((finding) => finding.severity !== 'hint' && !calendar.has(finding.code))).toEqual([]);
  });
});
