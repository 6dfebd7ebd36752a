// The letters to the tax office over HTTP, from ELSTER's own samples (test/support/elster.ts: the
// appeal with attachments, a message with one): each is accepted as the caller's Nutzdaten, its
// element and attachments, and delivered with a protocol that says what the letter is (their
// read-back round trip is samples-round-trip.test.ts's). The appeal's deadline comes as a hint on the answer. Without ELSTER's files the suite says so and is skipped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anpassungVorauszahlungExample } from '#shared/forms/anpassung_vorauszahlung/openapi.ts';
import { einspruchExample } from '#shared/forms/einspruch/openapi.ts';
import { fristverlaengerungExample } from '#shared/forms/fristverlaengerung/openapi.ts';
import { startService, type LocalService } from '#test/support/local-service.ts';
import { deliveredProtocol } from '#test/support/year-end-delivery.ts';
import { validateNutzdaten } from '#test/oracle/xsd.ts';
import { elsterMissing, needsElster } from '#test/support/elster.ts';
import { sampleLetter } from '#test/support/elster-samples.ts';

const missing = elsterMissing('samples', 'schemas');

const samples = [
  {
    kind: 'einspruch' as const,
    file: 'einspruch_22_mit_anhang.xml',
    year: 2024,
    taxNumber: '9198081508152',
    version: 'Einspruch_22',
    title: 'Einspruch gegen den Bescheid vom 31.12.2024',
  },
  {
    kind: 'nachricht' as const,
    file: 'sonstige_nachrichten_21.xml',
    year: 2025,
    taxNumber: '9198011310010',
    version: 'SonstigeNachrichten_21',
    title: 'Nachricht an das Finanzamt',
  },
];

let service: LocalService;

beforeAll(async () => {
  if (!missing) service = await startService();
});
afterAll(async () => {
  await service?.stop();
});

describe.skipIf(missing)("ELSTER's letter samples", needsElster, () => {
  it.each(samples)('$file: accepted as XML and delivered with its protocol', async ({ kind, file, year, taxNumber, version, title }) => {
    await deliveredProtocol(service, kind, { test: true, year, tax_number: taxNumber, xml: sampleLetter(file) }, version, title);
  });
});

// ELSTER gives no sample of these two: their examples are written, valid against the XSD, sent as the
// caller's XML, read back into the same body, and delivered with a protocol that names what they ask.
const written = [
  {
    kind: 'fristverlaengerung' as const,
    body: fristverlaengerungExample,
    version: 'Fristverlaengerung_21',
    shown: ['Antrag auf Fristverlängerung', '31.10.2026', 'Körperschaftsteuererklärung', 'Gewerbesteuererklärung'],
  },
  {
    kind: 'anpassung_vorauszahlung' as const,
    body: anpassungVorauszahlungExample,
    version: 'AnpassungVorauszahlung_21',
    shown: ['Antrag auf Anpassung der Vorauszahlungen', 'Körperschaftsteuer 2026', 'ab 3. Quartal'],
  },
];

describe.skipIf(missing)('the letters ELSTER gives no sample of', needsElster, () => {
  it.each(written)('$kind: written valid, read back from its XML, and delivered both ways', async ({ kind, body, version, shown }) => {
    const checked = await service.post(`/v2/${kind}/validate?include=nutzdaten`, body);
    expect(checked.json.data).toMatchObject({ valid: true, datenart_version: version, findings: [] });
    const xml: string = checked.json.data.nutzdaten;
    expect(validateNutzdaten(kind, body.year, xml).errors).toEqual([]);

    const { test, year, tax_number } = body;
    const read = await service.post(`/v2/${kind}/validate?include=body`, { test, year, tax_number, xml });
    expect(read.json.data).toMatchObject({ valid: true, unmapped: [] });
    expect(read.json.data.body).toEqual(body);

    const [title, ...figures] = shown;
    for (const request of [body, { test, year, tax_number, xml }]) {
      const protocol = await deliveredProtocol(service, kind, request, version, title!);
      for (const figure of figures) expect(protocol).toContain(figure);
    }
  });
});

describe('the appeal', () => {
  it.skipIf(missing)('answers its deadline, and that it has passed, on the 202', async () => {
    const reply = await service.submit('einspruch', einspruchExample);
    expect(reply.status).toBe(202);
    const deadline = { path: 'notice.date', severity: 'hint', expected: '2025-11-24' };
    expect(reply.json.data.hints).toEqual([
      expect.objectContaining({ ...deadline, code: 'APPEAL_DEADLINE' }),
      expect.objectContaining({ ...deadline, code: 'APPEAL_DEADLINE_PASSED' }),
    ]);
  });

  it.skipIf(missing)('gives a year where the notice came without instructions on the remedy', async () => {
    const reply = await service.post('/v2/einspruch/validate', {
      ...einspruchExample,
      notice: { type: 'income_tax', date: '2026-10-20' },
      year: 2025,
      instructions_missing: true,
    });
    expect(reply.json.data.findings).toEqual([expect.objectContaining({ code: 'APPEAL_DEADLINE', expected: '2027-10-26' })]);
  });
});
