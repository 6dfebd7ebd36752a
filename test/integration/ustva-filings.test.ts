// The three UStVA filings through the local service: each delivered with a protocol that names it,
// its type in the ticket's metadata and its own element in the Nutzdaten transmitted.

import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type LocalService } from '#test/support/local-service.ts';
import { ustvaSample } from '#test/support/samples.ts';

let service: LocalService;

beforeAll(async () => {
  service = await startService();
});
afterAll(async () => {
  await service?.stop();
});

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
