// The letters to the tax office over HTTP, from ELSTER's own samples (test/support/elster.ts: the
// appeal with attachments, a message with one): each is accepted as the caller's Nutzdaten, its
// element and attachments, and delivered with a protocol that says what the letter is (their
// read-back round trip is samples-round-trip.test.ts's). The appeal's deadline comes as a hint on the answer. Without ELSTER's files the suite says so and is skipped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { einspruchExample } from '#shared/forms/einspruch/openapi.ts';
import { startService, type LocalService } from '#test/support/local-service.ts';
import { deliveredProtocol } from '#test/support/year-end-delivery.ts';
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
