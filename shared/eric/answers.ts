// Reading what ERiC and ELSTER answer: the findings of ERiC's rule checks, and the transfer ticket,
// receipt time and return code in ELSTER's server answer.

import { berlinOffsetMs } from '#shared/domain/berlin-date.ts';
import type { Finding } from '#shared/domain/ticket.ts';
import { parseXml, textOf, type XmlElement, type XmlNode } from '#shared/xml/xml.ts';

const all = (node: XmlNode | undefined): XmlElement[] =>
  [node ?? []].flat().filter((item): item is XmlElement => typeof item === 'object' && !Array.isArray(item));

/**
 * The FehlerRegelpruefung entries of EricBearbeiteVorgang's return buffer (shape as in the example
 * in ERiC's ericapi.h and EricBearbeiteVorgang.xsd): path = Feldidentifikator, rule = RegelName,
 * message = Text. Undefined when the buffer cannot be read.
 */
export function ruleFindings(answer: string): Finding[] | undefined {
  const parsed = parseXml(answer);
  if (!parsed.ok) return undefined;
  return all(parsed.element.FehlerRegelpruefung).map((entry) => {
    const field = textOf(entry.Feldidentifikator);
    const rule = textOf(entry.RegelName);
    const id = textOf(entry.FachlicheFehlerId);
    return {
      path: field ?? 'nutzdaten',
      // ERiC's FachlicheFehlerId names the rule across releases; RegelName is for people.
      code: id && /^\d+$/.test(id) ? `ELSTER_RULE_${id}` : 'ELSTER_RULE',
      message: textOf(entry.Text) ?? 'ELSTER rule check failed',
      ...(rule ? { rule } : {}),
    };
  });
}

export interface ServerAnswer {
  transferTicket?: string;
  /** ISO time when ELSTER received the data, from the TransferHeader's EingangsDatum. */
  receivedAt?: string;
  /** The TransferHeader's RC/Rueckgabe/Code: "0" when ELSTER accepted the delivery. */
  code?: string;
  text?: string;
}

/** The TransferHeader of ELSTER's answer (schema v11: TransferTicket, EingangsDatum, RC/Rueckgabe). */
export function readServerAnswer(answer: string): ServerAnswer {
  const parsed = parseXml(answer);
  if (!parsed.ok || parsed.root !== 'Elster') return {};
  const header = all(parsed.element.TransferHeader)[0];
  if (!header) return {};
  const rueckgabe = all(all(header.RC)[0]?.Rueckgabe)[0];
  const transferTicket = textOf(header.TransferTicket);
  const receivedAt = germanTime(textOf(header.EingangsDatum));
  const code = textOf(rueckgabe?.Code);
  const text = textOf(rueckgabe?.Text);
  return {
    ...(transferTicket ? { transferTicket } : {}),
    ...(receivedAt ? { receivedAt } : {}),
    ...(code ? { code } : {}),
    ...(text ? { text } : {}),
  };
}

/**
 * Findings from EricGetErrormessagesFromXMLAnswer: the TransferHeader's return code and text, and
 * the NutzdatenHeader errors (Fehler/Code, Fehler/Meldung) it lists.
 */
export function serverFindings(header: { code: string; text: string }, nutzdatenErrors: string): Finding[] {
  const findings: Finding[] = [];
  if (header.code && header.code !== '0') {
    findings.push({ path: 'transfer_header', code: `ELSTER_TH_${header.code}`, message: header.text || 'ELSTER refused the delivery' });
  }
  const parsed = parseXml(nutzdatenErrors);
  if (parsed.ok) {
    for (const error of all(parsed.element.Fehler)) {
      const code = textOf(error.Code);
      findings.push({
        path: 'nutzdaten_header',
        code: code && /^\d+$/.test(code) ? `ELSTER_NDH_${code}` : 'ELSTER_NDH',
        message: textOf(error.Meldung) ?? textOf(error.Text) ?? 'ELSTER refused the data',
      });
    }
  }
  return findings;
}

/** `yyyyMMddHHmmss` in German time, as ELSTER writes it, as an ISO time; undefined when it is not one. */
export function germanTime(value: string | undefined): string | undefined {
  const parts = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value ?? '');
  if (!parts) return undefined;
  const [year, month, day, hour, minute, second] = parts.slice(1).map(Number) as [number, number, number, number, number, number];
  const asIfUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  if (Number.isNaN(asIfUtc) || new Date(asIfUtc).getUTCDate() !== day) return undefined;
  // Germany is one or two hours ahead; the offset an hour before is the right one except within the
  // hour the clocks change.
  return new Date(asIfUtc - berlinOffsetMs(new Date(asIfUtc - 3_600_000))).toISOString();
}
