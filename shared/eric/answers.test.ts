import { describe, expect, it } from 'vitest';
import { germanTime, readServerAnswer, ruleFindings, serverFindings } from '#shared/eric/answers.ts';

describe('ruleFindings', () => {
  it('reads FehlerRegelpruefung as findings', () => {
    const answer =
      '<?xml version="1.0" encoding="UTF-8"?><EricBearbeiteVorgang xmlns="http://www.elster.de/EricXML/1.0/EricBearbeiteVorgang">' +
      '<FehlerRegelpruefung><Nutzdatenticket>1</Nutzdatenticket><Feldidentifikator>100001</Feldidentifikator><RegelName>testRegelName</RegelName>' +
      '<FachlicheFehlerId>9995</FachlicheFehlerId><Text>Beim Ankreuzfeld muss der Wert &apos;X&apos; angegeben werden.</Text></FehlerRegelpruefung>' +
      '</EricBearbeiteVorgang>';
    expect(ruleFindings(answer)).toEqual([
      { path: '100001', code: 'ELSTER_RULE_9995', rule: 'testRegelName', message: "Beim Ankreuzfeld muss der Wert 'X' angegeben werden." },
    ]);
  });

  it('has no findings in an answer without errors, and none at all in one it cannot read', () => {
    expect(ruleFindings('<EricBearbeiteVorgang><Erfolg/></EricBearbeiteVorgang>')).toEqual([]);
    expect(ruleFindings('<EricBearbeiteVorgang>')).toBeUndefined();
  });
});

describe('readServerAnswer', () => {
  const answer = (header: string) =>
    `<?xml version="1.0"?><Elster xmlns="http://www.elster.de/elsterxml/schema/v11"><TransferHeader version="11">${header}</TransferHeader></Elster>`;

  it('reads the transfer ticket, receipt time and return code', () => {
    expect(
      readServerAnswer(
        answer(
          '<TransferTicket>abc123</TransferTicket><EingangsDatum>20260115120000</EingangsDatum><RC><Rueckgabe><Code>0</Code><Text>ok</Text></Rueckgabe></RC>',
        ),
      ),
    ).toEqual({ transferTicket: 'abc123', receivedAt: '2026-01-15T11:00:00.000Z', code: '0', text: 'ok' });
  });

  it('reads nothing from a broken or foreign answer', () => {
    expect(readServerAnswer(answer('<TransferTicket>abc').slice(0, 120))).toEqual({});
    expect(readServerAnswer('<Other><TransferHeader><TransferTicket>x</TransferTicket></TransferHeader></Other>')).toEqual({});
    expect(readServerAnswer(answer('<EingangsDatum>soon</EingangsDatum>'))).toEqual({});
  });
});

describe('germanTime', () => {
  it('converts winter and summer time', () => {
    expect(germanTime('20261122100000')).toBe('2026-11-22T09:00:00.000Z');
    expect(germanTime('20260701100000')).toBe('2026-07-01T08:00:00.000Z');
  });

  it('refuses what is not a time', () => {
    expect(germanTime('20260231100000')).toBeUndefined();
    expect(germanTime('2026-07-01')).toBeUndefined();
    expect(germanTime(undefined)).toBeUndefined();
  });
});

describe('serverFindings', () => {
  it('names the TransferHeader code and each NutzdatenHeader error', () => {
    const nutzdaten =
      '<EricGetErrormessagesFromXMLAnswer><Fehler><Code>123</Code><Meldung>Falsch</Meldung></Fehler><Fehler><Code>x</Code><Meldung>Auch</Meldung></Fehler></EricGetErrormessagesFromXMLAnswer>';
    expect(serverFindings({ code: '4', text: 'Abgewiesen' }, nutzdaten)).toEqual([
      { path: 'transfer_header', code: 'ELSTER_TH_4', message: 'Abgewiesen' },
      { path: 'nutzdaten_header', code: 'ELSTER_NDH_123', message: 'Falsch' },
      { path: 'nutzdaten_header', code: 'ELSTER_NDH', message: 'Auch' },
    ]);
    expect(serverFindings({ code: '0', text: 'ok' }, '')).toEqual([]);
  });
});
