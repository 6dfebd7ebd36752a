// The three UStVA filings through the local service: each delivered with a protocol that names it,
// its type in the ticket's metadata and its own element in the Nutzdaten transmitted.

import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { serviceOfFile } from '#test/support/local-service.ts';
import { ustvaSample } from '#test/support/samples.ts';

const service = serviceOfFile();

const { test, tax_number, supplier } = ustvaSample();
const year = 2026;

describe.each([
  ['voranmeldung', ustvaSample(), 'Umsatzsteuer-Voranmeldung 2026, Zeitraum März', 'Umsatzsteuervoranmeldung', /<Kz83>/],
  [
    'dauerfristverlaengerung',
    { test, year, tax_number, supplier, type: 'dauerfristverlaengerung' },
    'Antrag auf Dauerfristverlängerung 2026',
    'Dauerfristverlaengerung',
    /<Kz09>/,
  ],
  [
    'sondervorauszahlung',
    { test, year, tax_number, supplier, type: 'sondervorauszahlung', prepayments_prior_year: '13210.45' },
    'Anmeldung der Sondervorauszahlung 2026 (Dauerfristverlängerung)',
    'Umsatzsteuersondervorauszahlung',
    /<Kz38>1200<\/Kz38><\/Umsatzsteuersondervorauszahlung>/,
  ],
])('a %s', (type, body, title, element, content) => {
  it('is delivered with a protocol that names it, and its type in the metadata', async () => {
    const ticket = (await service.submit('ustva', body)).json.data.ticket;
    const delivered = await service.waitForStatus(ticket, ['delivered']);
    expect(delivered).toMatchObject({ type, year });
    if (type !== 'voranmeldung') expect(delivered).not.toHaveProperty('period');

    const pdf = await service.call('GET', `/v2/protocol/${ticket}`, { headers: { accept: 'application/pdf' } });
    expect((await PDFDocument.load(pdf.bytes, { updateMetadata: false })).getSubject()).toBe(title);

    const { nutzdaten } = (await service.call('GET', `/v2/ticket/${ticket}/nutzdaten`)).json.data;
    expect(nutzdaten).toContain(`<Steuerfall><${element}><Jahr>2026</Jahr>`);
    expect(nutzdaten).toMatch(content);
  });
});

describe('the hints of the check', () => {
  const post = (body: unknown, idempotencyKey: string) =>
    service.call('POST', '/v2/ustva', { body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey } });

  it('come with the 202 of a late Dauerfristverlängerung, and again with its replay', async () => {
    // 2025's application was due by 10 April 2025, so it is late whenever this runs.
    const late = { test, year: 2025, tax_number, supplier, type: 'dauerfristverlaengerung' };
    const first = await post(late, 'late-application');
    expect(first.status).toBe(202);
    expect(first.json.data.hints).toEqual([expect.objectContaining({ path: 'year', code: 'APPLICATION_LATE', severity: 'hint' })]);
    const replay = await post(late, 'late-application');
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.json.data).toMatchObject({ ticket: first.json.data.ticket, hints: first.json.data.hints });
  });

  it('are left out of a 202 when there are none', async () => {
    const reply = await service.submit('ustva', { ...ustvaSample(), period: '01' });
    expect(reply.status).toBe(202);
    expect(reply.json.data).not.toHaveProperty('hints');
  });
});

it('a mistyped Kennzahl is KZ_UNKNOWN, with the Kennzahl it most likely meant', async () => {
  const { kz81, kz86, ...others } = ustvaSample().kennzahlen;
  const reply = await service.submit('ustva', { ...ustvaSample(), kennzahlen: { ...others, kz811: kz81, Kz86: kz86 } });
  expect(reply.status).toBe(422);
  expect(reply.json.error.details).toEqual([
    expect.objectContaining({ path: 'kennzahlen.kz811', code: 'KZ_UNKNOWN', expected: 'kz81' }),
    expect.objectContaining({ path: 'kennzahlen.Kz86', code: 'KZ_UNKNOWN', expected: 'kz86' }),
  ]);
});
