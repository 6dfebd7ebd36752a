import { describe, expect, it } from 'vitest';
import type { MailboxQuery } from '#shared/ports/tax-mailbox.ts';
import { datenabholungHeader, postfachAnfrage, postfachBestaetigung, requestRules, statusabfrage } from '#shared/eric/datenabholung/requests.ts';

const today = new Date('2026-11-24T09:00:00Z');
const id = (n: number) => `be${String(n).padStart(3, '0')}7nw3vymf411strc2fk7rhakxdvf`;
const codes = (query: MailboxQuery) => {
  const built = postfachAnfrage(query, today);
  return built.ok ? [] : built.findings.map((finding) => `${finding.code} ${finding.rule ?? ''}`.trim());
};

describe("the request rules of ERiC's workbook", () => {
  // Each rule the workbook (Plausipruefungen_ElsterDatenabholung_31.xml) names for a request, with a query that breaks it.
  it.each([
    [10481, { max: 10, from: '2026-11-25' }],
    [10481, { max: 10, from: '2026-02-30' }],
    [10481, { max: 10, from: '20260101' }],
    [10482, { max: 10, to: '2026-11-25' }],
    [10482, { max: 10, to: '2026-13-01' }],
    [10483, { max: 10, from: '2026-11-02', to: '2026-11-01' }],
  ] as const)('refuses what breaks %s', (rule, query) => {
    expect(codes(query)).toEqual([`ELSTER_RULE_${rule} ${requestRules[rule]}`]);
  });

  it.each([[{ max: 10, from: '2026-11-24', to: '2026-11-24' }], [{ max: 10, from: '2020-02-29' }], [{ max: 10, to: '2026-11-24' }]] as const)(
    'takes a range the rules allow: %j',
    (query) => {
      expect(codes(query)).toEqual([]);
    },
  );

  it('holds 10485, 10488 and 10489 by construction: no Fingerprint, no uebertragungsweg, one block of at most 100 records', () => {
    const built = [postfachAnfrage({ max: 1000 }, today), postfachBestaetigung([id(1)]), statusabfrage(['et2501jbenyw7w6yw8c0tivbcj3rfvsd'])];
    for (const request of built) {
      if (!request.ok) throw new Error(JSON.stringify(request.findings));
      expect(request.xml).not.toMatch(/Fingerprint|uebertragungsweg|Nutzdatenblock/);
    }
    expect(datenabholungHeader('PostfachAnfrage', true, { herstellerId: '74931', datenLieferant: 'x' }).vorgang).toBe('send-Auth');
    expect(postfachBestaetigung(Array.from({ length: 101 }, (_, n) => id(n))).ok).toBe(false);
    expect(statusabfrage(Array.from({ length: 101 }, (_, n) => `et${n}`)).ok).toBe(false);
  });
});

describe('postfachAnfrage', () => {
  it('asks for a page after the last record, of the Datenarten named, in ELSTER dates', () => {
    expect(postfachAnfrage({ max: 200, after: id(7), datenarten: ['ESB', 'DivaBescheidESt'], from: '2026-01-01', to: '2026-11-24' }, today)).toEqual({
      ok: true,
      xml:
        '<Datenabholung xmlns="http://finkonsens.de/elster/elsterdatenabholung/v3" version="31">' +
        '<PostfachAnfrage von="20260101" bis="20261124" max="200" paginierungLetzteBestId="be0077nw3vymf411strc2fk7rhakxdvf">' +
        '<DatenartBereitstellung name="ESB"/><DatenartBereitstellung name="DivaBescheidESt"/></PostfachAnfrage></Datenabholung>',
    });
  });

  it('asks for the notices’ Datenarten when the query names none', () => {
    const built = postfachAnfrage({ max: 1 }, today);
    expect(built.ok && built.xml.match(/name="[^"]+"/g)).toEqual([
      'name="ESB"',
      'name="DivaBescheidESt"',
      'name="DivaBescheidKSt"',
      'name="DivaBescheidGewSt"',
      'name="DivaBescheidUSt"',
    ]);
  });

  it.each([
    ['max', { max: 0 }],
    ['max', { max: 1001 }],
    ['max', { max: 1.5 }],
    ['after', { max: 1, after: 'be1237nw3vymf411strc2fk7rhakxdvl' }],
    ['datenarten', { max: 1, datenarten: [] }],
    ['datenarten', { max: 1, datenarten: ['ESB', 'ESB'] }],
    ['datenarten', { max: 1, datenarten: ['ES"B'] }],
  ] as const)('refuses a query whose %s ELSTER would not take', (path, query) => {
    const built = postfachAnfrage(query, today);
    expect(built.ok ? [] : built.findings.map((finding) => finding.path)).toEqual([path]);
  });
});

describe('postfachBestaetigung and statusabfrage', () => {
  it('name each record once, as ELSTER listed it', () => {
    expect(postfachBestaetigung([id(1), id(2)])).toEqual({
      ok: true,
      xml:
        '<Datenabholung xmlns="http://finkonsens.de/elster/elsterdatenabholung/v3" version="31"><PostfachBestaetigung><Bereitstellungen>' +
        '<Bereitstellung id="be0017nw3vymf411strc2fk7rhakxdvf"/><Bereitstellung id="be0027nw3vymf411strc2fk7rhakxdvf"/></Bereitstellungen></PostfachBestaetigung></Datenabholung>',
    });
    expect(statusabfrage(['abc', 'def'])).toEqual({
      ok: true,
      xml:
        '<Datenabholung xmlns="http://finkonsens.de/elster/elsterdatenabholung/v3" version="31"><Statusabfrage rolle="empfaenger"><BereitstellungsTickets>' +
        '<BereitstellungsTicket>abc</BereitstellungsTicket><BereitstellungsTicket>def</BereitstellungsTicket></BereitstellungsTickets></Statusabfrage></Datenabholung>',
    });
  });

  it.each([[[]], [[id(1), id(1)]], [['not-an-id']], [['<x/>']]])('refuses %j', (ids) => {
    expect(postfachBestaetigung(ids).ok).toBe(false);
    expect(statusabfrage(ids).ok).toBe(false);
  });
});

describe('datenabholungHeader', () => {
  it('names the Verfahren, the Datenart and its version 31, with the Testmerker for a test', () => {
    const sender = { herstellerId: '74931', datenLieferant: 'steuerbote' };
    expect(datenabholungHeader('PostfachBestaetigung', true, sender)).toEqual({
      verfahren: 'ElsterDatenabholung',
      datenart: 'PostfachBestaetigung',
      vorgang: 'send-Auth',
      testmerker: '700000004',
      herstellerId: '74931',
      datenLieferant: 'steuerbote',
      datenartVersion: 'PostfachBestaetigung_31',
    });
    expect(datenabholungHeader('Statusabfrage', false, sender)).not.toHaveProperty('testmerker');
  });
});
