// The frame of the income tax return's Nutzdaten (`E10`) as ELSTER's schemas E10-2022.xsd to
// E10-2024.xsd define it (ERiC 41.6.2.0 documentation, Schnittstellenbeschreibungen/
// Erklaerungssteuern/ESt_10_{year}/Schema): the forms in their order and how often each may stand,
// and the Vorsatz, which identifies the return, in full. Inside the forms (several thousand fields)
// the schema check is ERiC's. No schema of 2025 or 2026 is published with that documentation; the
// 2024 frame is taken for them (docs/sources.md).
import { type ElementFacts, elsterString } from '#shared/xml/structure.ts';

// Every text type of E10 is a complex type that allows an `alias` attribute (StringBaseWithAliasCType).
const field = (facts: ElementFacts): ElementFacts => ({ attributes: ['alias'], ...facts });
const text = (name: string, maxLength: number, pattern?: RegExp, minLength = 1) =>
  field(elsterString(name, maxLength, { text: { minLength, ...(pattern && { pattern }) } }));

/** The Vorsatz, which identifies the return: the same in every year's form. */
export const vorsatz: ElementFacts = {
  name: 'Vorsatz',
  children: [
    text('Unterfallart', 2, /^10$/, 2),
    field({ name: 'Vorgang', text: { pattern: /^(?:01|04)$/ } }),
    // StNr, Zeitraum and the IdNrs are read and checked against the request by the reader itself.
    field({ name: 'StNr' }),
    text('Ordnungsbegriff', 13, undefined, 13),
    field({ name: 'ID' }),
    field({ name: 'IDEhefrau' }),
    field({ name: 'Zeitraum' }),
    text('AbsName', 45),
    text('AbsStr', 30),
    text('AbsPlz', 5, /^(?:0[1-9][0-9]{3}|[1-9][0-9]{4})$/, 5),
    text('AbsOrt', 29),
    text('Copyright', 50),
    text('TeleNummer', 3, /^[A-Z0-9]{3}$/, 3),
    text('OrdNrArt', 1, /^[SO]$/),
    {
      name: 'Rueckuebermittlung',
      children: [
        field({ name: 'Bescheid', text: { pattern: /^[12]$/ } }),
        text('ArtRueckuebermittlung', 10),
        text('SchluesselRueckuebermittlung', 2997),
        text('AdresseRueckuebermittlung', 290),
      ],
    },
  ],
};

const form = (name: string, max = 1): ElementFacts => ({ name, max, open: true });

// 2023 added N_DHH, V_FeWo and V_Sonstige, allowed 999 Anlagen V and one EM_35c.
const formsOf2022 = [
  form('ESt1A'),
  form('SA'),
  form('AgB'),
  form('HA_35a'),
  form('EM_35c', 9),
  form('Sonst'),
  form('WA_ESt'),
  form('ESt1A_U', 99),
  form('Kind', 14),
  form('L', 99),
  form('Anl_34b', 99),
  form('G', 2),
  form('Zins', 2),
  form('S', 2),
  form('Corona'),
  form('N_GRE', 2),
  form('N', 2),
  form('N_AUS', 2),
  form('KAP', 2),
  form('KAP_BET', 2),
  form('KAP_I', 2),
  form('AUS', 2),
  form('R', 2),
  form('RAV_bAV', 2),
  form('R_AUS', 2),
  form('SO'),
  form('V'),
  form('FW', 99),
  form('VOR'),
  form('AV'),
  form('Mob'),
];
const formsSince2023 = formsOf2022.flatMap((facts) => {
  if (facts.name === 'EM_35c') return [form('EM_35c')];
  if (facts.name === 'N') return [facts, form('N_DHH', 2)];
  if (facts.name === 'V') return [form('V', 999), form('V_FeWo', 999), form('V_Sonstige')];
  return [facts];
});

/** The `E10` element of `year`'s form, down to its forms and the whole Vorsatz. */
export function estStructure(year: number): ElementFacts {
  return { name: 'E10', attributes: ['version', 'rabeId', 'verifikationsId'], children: [...(year >= 2023 ? formsSince2023 : formsOf2022), vorsatz] };
}
