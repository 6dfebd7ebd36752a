// No log line carries tax data. The whole flow runs at DEBUG, so every line the code could write is
// written: submissions accepted, refused and malformed, delivered and rejected, protocols fetched,
// webhooks failing once and then delivered to the example receiver, bodies swept after retention.
// Every line written to stdout, stderr or the console meanwhile is then scanned for the submitted values.

import { format } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// Powertools reads the level when the logger is built, on import: before any import here.
vi.hoisted(() => {
  process.env.POWERTOOLS_LOG_LEVEL = 'DEBUG';
});

import { newTicketId } from '#shared/domain/ticket.ts';
import { logger } from '#shared/logger.ts';
import { filingStore, ticketStore, workQueue } from '#shared/wiring/adapters.ts';
import { aTicket } from '#test/fakes.ts';
import { eventually, startService, type LocalService } from '#test/support/local-service.ts';
import { estSample, ustvaSample } from '#test/support/samples.ts';
import { containerValidUntil } from '#test/support/certificates.ts';
import { startTestReceiver, type TestReceiver } from '#test/support/test-receiver.ts';

const taxNumber = '9198035791354';
const idnr = '04187365211';
const spouseIdnr = '05296417853';
const iban = 'DE38100100109318574625';
const [firstName, lastName] = ['Zyxwvuta', 'Quxbarson'];
// A child's IdNr and name, a person in care, and health data (GDPR Art. 9): illness, its costs, the degree of disability.
const childIdnr = '78315649062';
const caredForIdnr = '45076295512';
// The recipient of maintenance to a divorced spouse (Realsplitting), named with IdNr in Anlage Sonderausgaben.
const recipientIdnr = '65929970489';
// A person co-insured in Vorsorgeaufwand, named with IdNr beside their health insurance.
const [coInsuredIdnr, coInsured] = ['58392061577', 'Wendelgard Xiphorst'];
const [childName, caredFor, illness] = ['Vrokelinde', 'Plimsoll-Wentrup', 'Xylomyelitis'];
// The income Anlagen: a person supported (Unterhalt) with their IdNr, a rented property, a business's trade tax, foreign taxes, Corona aid.
const supportedIdnr = '67392018437';
const [supported, property, business] = ['Quendolin Zarkowitz', 'Yxlindenweg 47', 'Xyzhandel Quorp'];
// A foreign employer of Anlage N-AUS.
const foreignEmployer = 'Qwarnstedt Abroad Ltd';
// A client's certificate: its PIN, and a container valid for ten more days, so the expiry job reports it.
const pin = 'Kq8vPin-71x';
const pkcs12 = containerValidUntil(new Date(Date.now() + 10 * 86_400_000), pin).toString('base64');

/** Each value in the forms it could take in a line; digits are also sought with every separator removed. */
const secrets = {
  names: [
    firstName,
    lastName,
    'Wvutsrq Plonkhaus',
    'Yquemstr',
    childName,
    caredFor,
    illness,
    'Qarbeitskraft',
    supported,
    property,
    business,
    coInsured,
    foreignEmployer,
  ],
  // The fields of ESt 1 A, Anlage N and Vorsorgeaufwand: health-adjacent, family and work details.
  texts: [
    'Qxberufin',
    'Zxtitelgrad',
    'Kanzlei Vwqplonk',
    'Yxergaenzung folgt',
    'Jxkrankengeldart',
    'Zunft Qwxverband',
    'Vxversetzungsgrund',
    'Wxzweitwohnort',
    // Anlage Sonderausgaben's further expenses and Vorsorgeaufwand's further other provision.
    'Qxunterhaltene',
    'Zxvertragsgrund',
    'Wxversicherer',
  ],
  digits: [
    ...[taxNumber, idnr, spouseIdnr, iban.slice(2), '9876543', '178469129', '4567890', childIdnr, caredForIdnr, '7654322', '6543211', '3456789'],
    // The income Anlagen's IdNr and amounts.
    ...[supportedIdnr, '5432198', '4321987', '2198765', '3219876'],
    // The recipient's IdNr; maintenance, a child's own health insurance and other provision as written in whole euros.
    ...[recipientIdnr, '6789013', '5678902', '4567802'],
    coInsuredIdnr,
  ],
  formatted: [
    pin,
    pkcs12.slice(0, 24),
    pkcs12.slice(-40, -4),
    '15.07.2011',
    '98765.43',
    '76543.21',
    '76543,21',
    '0941 7788991',
    '98765,43',
    '98.765,43',
    '98 765,43',
    '7654321.98',
    '6543210.55',
    '20.08.2014',
    iban,
    'DE38 1001 0010 9318 5746 25',
    '9198/357/91354',
    '198/357/91354',
    '3219876,54',
    '3219876.54',
    ...['6789012.34', '6789012,34', '5678901.23', '5678901,23', '4567801.89', '4567801,89'],
  ],
};

const ustva = () => ({
  ...ustvaSample(),
  tax_number: taxNumber,
  supplier: { name: `${firstName} ${lastName} GmbH`, street: 'Yquemstr. 7', postal_code: '80331', city: 'München', email: 'zyxwvuta@example.com' },
  kennzahlen: { kz81: 9876543, kz86: 98765, kz66: '98765.43', kz83: '1784691.29' },
});

const est = () => {
  const sample = estSample();
  return {
    ...sample,
    tax_number: taxNumber,
    taxpayer: { ...sample.taxpayer, idnr, first_name: firstName, last_name: lastName },
    spouse: { ...sample.taxpayer, idnr: spouseIdnr, first_name: 'Wvutsrq', last_name: 'Plonkhaus', profession: 'Qxberufin', title: 'Zxtitelgrad' },
    joint_assessment: true,
    married_since: '2011-07-15',
    bank: { iban, account_holder: 'taxpayer' },
    employment: [{ ...sample.employment[0]!, gross_wage: '98765.43', income_tax_withheld: 45678.9 }],
    phone: '0941 7788991',
    advisor: { name: 'Kanzlei Vwqplonk' },
    supplementary_information: 'Yxergaenzung folgt',
    wage_replacement_benefits: { spouse: [{ description: 'Jxkrankengeldart', amount: '76543.21' }] },
    employee: {
      taxpayer: {
        union_dues: [{ description: 'Zunft Qwxverband', amount: '7654.21' }],
        double_household: [
          { founded_on: '2011-07-15', reason: 'Vxversetzungsgrund', place_of_work: 'Wxzweitwohnort', own_household: true, accommodation: '7654.21' },
        ],
      },
    },
    provision: { taxpayer: { pension: { employee: '76543.21', employer: '76543.21' }, private_health: { health: '7654.21' } } },
    deductions: { health_insurance: '3900.00' },
    children: [
      {
        idnr: childIdnr,
        first_name: childName,
        birth_date: '2014-08-20',
        childcare: { services: [{ service: 'Qarbeitskraft', amount: '3456789' }] },
        health_insurance: { parents_policy: { health: '5678901.23' } },
      },
    ],
    special_expenses: {
      further_expenses: {
        maintenance: [{ recipient: 'Qxunterhaltene', amount: '6789012.34', recipient_idnr: recipientIdnr }],
        support_annuities: [{ basis: 'Zxvertragsgrund', amount: '6789012.34', recipient_idnr: recipientIdnr }],
      },
    },
    other_provision: { disability: { contracts: [{ description: 'Wxversicherer', amount: '4567801.89' }] } },
    extraordinary_burdens: {
      disability: [{ person: 'spouse', degree: '85', mark_g_or_ag: true }],
      care_allowance: [{ carer: 'taxpayer', cared_for: caredFor, cared_for_idnr: caredForIdnr, care_degree: '3' }],
      illness: { lines: [{ description: illness, amount: '7654321.98', reimbursed: '6543210.55' }] },
    },
    maintenance: [{ payments: [{ supported: '01.01-31.12', amount: '2198765' }], persons: [{ idnr: supportedIdnr, name: supported }] }],
    rentals: [{ street: property, flats: [{ rent: '5432198' }], building_depreciation: [{ method: 'linear', percent: '2', amount: '2198765' }] }],
    trade: [
      { person: 'taxpayer', businesses: [{ kind: business, profit: '5432198' }], trade_tax: { businesses: [{ base_amount: '2198765', tax_due: '4321987' }] } },
    ],
    capital_income: [{ person: 'taxpayer', without_withholding: { foreign: '5432198' }, taxes_withheld: { foreign_tax_creditable: '3219876.54' } }],
    corona_aid: { persons: [{ person: 'taxpayer', received: 'yes', aids: [{ business, amount: '4321987' }] }] },
    provision_further: { co_insured: [{ idnr: coInsuredIdnr, name: coInsured, health: '4567' }] },
    foreign_employment: [
      { person: 'taxpayer', states: [{ country: 'Österreich', employers: [{ name: foreignEmployer }], wage: { gross_statement: '5432198' } }] },
    ],
  };
};

// Every form's submissions delivered one after another: minutes on two busy cores.
describe('log lines', { timeout: 300_000 }, () => {
  const lines: string[] = [];
  let service: LocalService;
  let receiver: TestReceiver;
  let stopped = false;

  beforeAll(async () => {
    const capture = (chunk: unknown) => {
      lines.push(
        ...String(chunk)
          .split('\n')
          .filter((line) => line.trim()),
      );
      return true;
    };
    vi.spyOn(process.stdout, 'write').mockImplementation(capture);
    vi.spyOn(process.stderr, 'write').mockImplementation(capture);
    for (const method of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => capture(format(...args)));
    }

    // Refuses the first delivery with 500, then hands every delivery on to the example receiver.
    receiver = await startTestReceiver(async (n, request) => {
      if (n === 1) return { status: 500 };
      const forwarded = await fetch(`${service.runtime.receiverUrl}/dummy/hook-endpoint`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(request.headers as Record<string, string>) },
        body: request.body,
      });
      return { status: forwarded.status };
    });
    service = await startService({
      scheduleEverySeconds: 0.2,
      env: {
        HOOK_ENABLED: 'true',
        HOOK_URI: receiver.url,
        HOOK_BACKOFF_SCALE: '0.001',
        SUBMISSION_RETENTION_SECONDS: '0',
      },
    });
  });
  afterAll(async () => {
    if (!stopped) await service?.stop();
    await receiver?.close();
    vi.restoreAllMocks();
  });

  it('never contain the IdNr, tax number, IBAN, names or amounts of any submission', async () => {
    const delivered: string[] = [];
    // Certificates: one with its PIN stored, one whose PIN comes with each submission.
    const uploads = await Promise.all(
      (['stored', 'per_submission'] as const).map((pin_storage) =>
        service.post('/v2/certificates', { pkcs12, pin, pin_storage, label: `${firstName} ${lastName}` }),
      ),
    );
    expect(uploads.map((reply) => reply.status)).toEqual([201, 201]);
    const [storedPin, perSubmission] = uploads.map((reply) => reply.json.data.certificate_id as string);
    expect((await service.post('/v2/certificates', { pkcs12, pin: `${pin}0` })).status).toBe(422);

    const withPin = (certificate_id: string, elsterPin?: string) => ({
      body: JSON.stringify({ ...ustva(), certificate_id }),
      headers: { 'content-type': 'application/json', ...(elsterPin && { 'elster-pin': elsterPin }) },
    });
    for (const [kind, body] of [
      ['ustva', ustva()],
      ['est', est()],
    ] as const) {
      const reply = await service.submit(kind, body);
      expect(reply.status).toBe(202);
      delivered.push(reply.json.data.ticket);
    }
    for (const reply of [await service.call('POST', '/v2/ustva', withPin(storedPin!)), await service.call('POST', '/v2/ustva', withPin(perSubmission!, pin))]) {
      expect(reply.status).toBe(202);
      delivered.push(reply.json.data.ticket);
    }
    expect((await service.call('POST', '/v2/ustva', withPin(perSubmission!, `${pin}0`))).status).toBe(422);

    // Refused before anything is stored: each invalid field carries a submitted value.
    const refused = [
      await service.submit('ustva', { ...ustva(), period: '98765.43', tax_number: `${taxNumber}0`, kennzahlen: { kz81: '98.765,43' } }),
      await service.submit('est', { ...est(), taxpayer: { ...est().taxpayer, idnr: `${idnr}9`, birth_date: lastName }, bank: { iban: firstName } }),
      await service.call('POST', '/v2/est', { body: JSON.stringify(est()).slice(0, -7), headers: { 'content-type': 'application/json' } }),
      await service.call('POST', '/v2/ustva', { body: JSON.stringify(ustva()), headers: { 'content-type': 'text/plain' } }),
    ];
    expect(refused.map((reply) => reply.status)).toEqual([422, 422, 400, 415]);

    // Stored past the API's tax rules, as a ticket accepted before a rule changed would be: the
    // sandbox's own check rejects its Kz 83.
    const rejected = newTicketId();
    const now = new Date().toISOString();
    await filingStore().put(rejected, { ...ustva(), kennzahlen: { ...ustva().kennzahlen, kz83: '1.00' } });
    await ticketStore().create(
      aTicket({
        ticket: rejected,
        client_id: 'dev',
        period: ustva().period,
        tax_number_masked: `*********${taxNumber.slice(-4)}`,
        created_at: now,
        updated_at: now,
      }),
    );
    await workQueue().wakeTransmit(rejected);

    for (const ticket of delivered) {
      await service.waitForStatus(ticket, ['delivered']);
      await eventually(async () => (await service.call('GET', `/v2/ticket/${ticket}`)).json.data.webhook.status === 'delivered');
      for (const path of [`/v2/status/${ticket}`, `/v2/protocol/${ticket}`, `/v2/response/${ticket}`]) {
        expect((await service.call('GET', path)).status).toBe(200);
      }
      expect((await service.call('GET', `/v2/protocol/${ticket}`, { headers: { accept: 'application/pdf' } })).status).toBe(200);
    }
    expect((await service.waitForStatus(rejected, ['rejected'])).error.details).toEqual([expect.objectContaining({ path: 'Kz83', code: 'KZ83_MISMATCH' })]);
    expect((await service.call('GET', `/v2/protocol/${rejected}`)).status).toBe(409);
    expect(receiver.requests.length).toBeGreaterThanOrEqual(3);

    // Sent again on request, and every body swept once its (zero) retention passed.
    const before = receiver.requests.length;
    expect((await service.call('GET', `/dummy/hook-run/${delivered[0]}`, { base: 'receiver' })).status).toBe(202);
    await eventually(
      async () => receiver.requests.length > before && (await service.call('GET', `/v2/ticket/${delivered[0]}`)).json.data.webhook.status === 'delivered',
    );
    for (const ticket of [...delivered, rejected]) await eventually(async () => (await filingStore().get(ticket)) === undefined);

    // Whatever is still under way writes its lines before the scan.
    await service.stop();
    stopped = true;
    const leaks = lines.filter((line) => {
      const lower = line.toLowerCase();
      const digitsOnly = line.replace(/[^0-9A-Za-z]/g, '');
      return (
        [...secrets.names, ...secrets.texts].some((name) => lower.includes(name.toLowerCase())) ||
        secrets.formatted.some((value) => line.includes(value)) ||
        secrets.digits.some((value) => digitsOnly.includes(value))
      );
    });
    expect(leaks).toEqual([]);

    // The scan proves something only if the flow wrote lines, and every line is structured.
    expect(logger.getLevelName()).toBe('DEBUG');
    expect(lines.length).toBeGreaterThanOrEqual(8);
    for (const line of lines) {
      const parsed = JSON.parse(line);
      expect(parsed, line).toMatchObject({ level: expect.any(String), message: expect.any(String) });
    }
    expect(lines.some((line) => line.includes('webhook attempt') && line.includes('"response_status":500'))).toBe(true);
    expect(lines.some((line) => line.includes('transmission outcome') && line.includes('"outcome":"rejected"'))).toBe(true);
    expect(lines.some((line) => line.includes('certificate expires soon') && line.includes(storedPin!))).toBe(true);
  });
});
