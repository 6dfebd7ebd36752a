// ELSTER's own samples of every form (test/support/elster.ts; never in the repository) round-trip
// whole over HTTP (contract §12): each, the caller's `xml`, is read back by
// `POST /v2/{form}/validate?include=body` into a body valid as it stands with nothing unmapped; that
// body, submitted, is delivered with Nutzdaten that hold the sample's elements, attributes and values
// but for those the answer lists in `replaced` (what the service writes itself, with the sample's
// value), valid against the form's XSD.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kind } from '#shared/domain/ticket.ts';
import { kinds } from '#shared/forms/registry.ts';
import { validateNutzdaten } from '#test/oracle/xsd.ts';
import { elsterDir, elsterMissing, needsElster } from '#test/support/elster.ts';
import { fieldValues, sampleLetter, sampleNutzdaten } from '#test/support/elster-samples.ts';
import { startService, type LocalService } from '#test/support/local-service.ts';

const missing = elsterMissing('samples', 'schemas');

interface Form {
  /** The form's sample files. */
  files: RegExp;
  /** The sample's Nutzdaten element (a letter's: the whole content of its Nutzdaten, its element and Anhaenge). */
  root: string;
  /** The request's fields beside `xml`, where not the year of the root's `version` and the tax number the XML names. */
  request?: (xml: string) => Record<string, unknown>;
  /** Where a sample names what the service does not take today, the value it is filed with. */
  edit?: (xml: string) => string;
  /** The elements the service writes itself, by name, as `replaced` lists those a sample has. */
  replaced: string[];
  /** What a sample holds that a body cannot carry yet, by file: left to the caller's XML, and out of the comparison. */
  unmapped?: Record<string, string[]>;
  /** Where the service computes lines a sample leaves out, by file: the part they stand in. */
  computed?: Record<string, string>;
}

const anmeldung = ['Erstellungsdatum', 'Kz09'];
const yearEnd = ['Unterfallart', 'OrdNrArt'];

const ustvaType = (file: string) => (file.includes('_Df_') ? 'dauerfristverlaengerung' : file.includes('_SoVZ_') ? 'sondervorauszahlung' : 'voranmeldung');

/** A letter's one sample, filed for `year` under the tax number it names; the service writes nothing of it itself. */
const letter = (files: RegExp, year: number) => ({
  files,
  root: 'Nutzdaten',
  count: 1,
  replaced: [],
  request: (xml: string) => ({ year, tax_number: taxNumberOf(xml) }),
});

// One line per form ELSTER gives samples of (a new form adds its line here once it has them).
const forms: Partial<Record<Kind, Form & { count: number; type?: (file: string) => string }>> = {
  ustva: { files: /^UStVA_.*\d{4}\.xml$/, root: 'Anmeldungssteuern', count: 15, replaced: anmeldung, type: ustvaType },
  // The E10's Vorsatz but for StNr, Zeitraum and the IdNrs: the sender is the taxpayer, the Copyright the service's.
  est: {
    files: /^est_e10_\d{4}\.xml$/,
    root: 'E10',
    count: 3,
    replaced: ['Unterfallart', 'Vorgang', 'AbsName', 'AbsStr', 'AbsPlz', 'AbsOrt', 'Copyright', 'OrdNrArt', 'Bescheid'],
  },
  ust: { files: /^(USt_\d{4}|ust_2021_ok)\.xml$/, root: 'E50', count: 5, replaced: yearEnd },
  lsta: { files: /^lsta_\d{4}_ok\.xml$/, root: 'Anmeldungssteuern', count: 4, replaced: anmeldung },
  // The sample's year (2021) is no longer open for a ZM: it is filed for 2026.
  zm: {
    files: /^zmdo_send-Auth\.xml$/,
    root: 'zm',
    count: 1,
    replaced: ['zulnr1', 'zulnr2'],
    edit: (xml) => xml.replace('<jahr>2021</jahr>', '<jahr>2026</jahr>'),
    request: (xml) => ({ year: 2026, vat_id: /<knri>(\w+)<\/knri>/.exec(xml)![1] }),
  },
  // The samples name a tax office (2241) of their own: they are filed under the service's test tax number.
  gewst: {
    files: /^gewst_\d{4}\.xml$/,
    root: 'E20',
    count: 3,
    replaced: yearEnd,
    edit: (xml) => xml.replace(/<StNr>\d{13}<\/StNr>/, '<StNr>9198011310010</StNr>'),
  },
  // Three Anlagen of 2023's sample (Zinsschranke, Zwischengesellschaften, Organträger) no body carries yet.
  kst: {
    files: /^kst_\d{4}_ok\.xml$/,
    root: 'E30',
    count: 3,
    replaced: yearEnd,
    unmapped: { 'kst_2023_ok.xml': ['/Zinsschr', '/ZwiG', '/OT'] },
    computed: { 'kst_2023_ok.xml': 'E30/ZVE/' },
  },
  euer: { files: /^euer_\d{4}_ok\.xml$/, root: 'E77', count: 3, replaced: yearEnd },
  // The appeal names the assessment year of the notice it contests; the message has none, and takes the year it is sent in.
  einspruch: letter(/^einspruch_22_mit_anhang\.xml$/, 2024),
  nachricht: letter(/^sonstige_nachrichten_21\.xml$/, 2025),
};

const sampled = kinds.filter((kind) => forms[kind] !== undefined);

const taxNumberOf = (xml: string) => /<(?:StNr|Steuernummer)>(\d{13})<\//.exec(xml)?.[1];

/** The `xml` a sample is filed with: its Nutzdaten element, or a letter's content without the Nutzdaten element around it. */
function xmlOf(file: string, { root, edit = (xml) => xml }: Form): string {
  return edit(root === 'Nutzdaten' ? sampleLetter(file) : sampleNutzdaten(file, root));
}

const samples = missing
  ? []
  : await readdir(join(elsterDir, 'samples')).then((files) =>
      sampled.flatMap((kind) =>
        files
          .filter((file) => forms[kind]!.files.test(file))
          .sort()
          .map((file) => ({ kind, file })),
      ),
    );

let service: LocalService;
beforeAll(async () => {
  if (!missing) service = await startService();
});
afterAll(() => service?.stop());

describe.skipIf(missing)("ELSTER's samples, read back and submitted", needsElster, () => {
  it('are every sample of every form', () => {
    expect(Object.fromEntries(sampled.map((kind) => [kind, samples.filter((sample) => sample.kind === kind).length]))).toEqual(
      Object.fromEntries(sampled.map((kind) => [kind, forms[kind]!.count])),
    );
  });

  it.each(samples)('$kind $file', async ({ kind, file }) => {
    const form = forms[kind]!;
    const xml = xmlOf(file, form);
    const year = Number(/version="(\d{4})"/.exec(xml)?.[1]);
    const request = {
      test: true,
      client_reference: file,
      year,
      ...(form.type && { type: form.type(file) }),
      ...(form.request?.(xml) ?? { tax_number: taxNumberOf(xml) }),
      xml,
    };

    const read = await service.post(`/v2/${kind}/validate?include=body`, request);
    const unmapped = form.unmapped?.[file] ?? [];
    expect(read.json.data, JSON.stringify(read.json.data.findings)).toMatchObject({ valid: true, unmapped });
    const { body, replaced } = read.json.data as { body: Record<string, unknown>; replaced: { path: string; value: string }[] };
    expect(body).not.toHaveProperty('xml');
    const { xml: _, ...beside } = request;
    expect(body).toMatchObject(beside);

    // Valid as it stands: a body read back needs nothing added to be filed.
    const accepted = await service.submit(kind, body);
    expect(accepted.status, accepted.text).toBe(202);
    await service.waitForStatus(accepted.json.data.ticket, ['delivered']);
    const { nutzdaten } = (await service.call('GET', `/v2/ticket/${accepted.json.data.ticket}/nutzdaten`)).json.data;
    // Each with the sample's own value, so that nothing the service writes instead goes unseen.
    expect(replaced.map(({ path }) => path.split('/').at(-1))).toEqual(form.replaced);
    expect(fieldValues(xml)).toEqual(expect.arrayContaining(replaced.map(({ path, value }) => `${path} ${value}`)));
    const setBySelf = new Set(replaced.map(({ path }) => path));
    expect(fieldValues(xml, setBySelf).length).toBeGreaterThan(10);
    const expected = fieldValues(xml, setBySelf).filter((line) => !unmapped.some((part) => line.startsWith(`${form.root}${part}/`)));
    const computed = form.computed?.[file];
    const written = fieldValues(nutzdaten, setBySelf);
    const added = computed === undefined ? [] : written.filter((line) => line.startsWith(computed) && !expected.includes(line));
    expect(written.filter((line) => !added.includes(line))).toEqual(expected);
    expect(validateNutzdaten(kind, request.year, nutzdaten).errors).toEqual([]);
  });
});
