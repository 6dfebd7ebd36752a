// Otto's status codes that steuerbote tells apart (otto_statuscode.h, docs/sources.md), and what a
// download that ends with one of them means for the mailbox: gone, worth another try, or a fault
// someone must fix (the certificate, the HerstellerID, steuerbote itself).

import { MailboxDownloadError } from '#shared/ports/tax-mailbox.ts';

export const ottoCodes = {
  OTTO_OK: 0,
  OTTO_TRANSFER_CONNECTSERVER: 610403003,
  OTTO_TRANSFER_TIMEOUT: 610403005,
  OTTO_TRANSFER_UNAUTHORIZED: 610403007,
  OTTO_TRANSFER_NOT_FOUND: 610403008,
  OTTO_TRANSFER_SERVER_FEHLER: 610403009,
  OTTO_UNGUELTIGER_PARAMETER: 610405001,
  OTTO_UNGUELTIGES_HANDLE: 610405002,
  OTTO_MEHRFACHAUFRUFE_NICHT_UNTERSTUETZT: 610405003,
  OTTO_INSTANZ_UNTEROBJEKTE_NICHT_FREIGEGEBEN: 610405005,
  OTTO_FUNKTION_NICHT_UNTERSTUETZT: 610405007,
  OTTO_ZERTIFIKAT_PIN_FALSCH: 610405008,
  OTTO_ZERTIFIKAT_PFAD_FALSCH: 610405009,
  OTTO_UNGUELTIGE_HERSTELLERID: 610405012,
  OTTO_EMPFANG_VORZEITIG_BEENDET: 610405013,
  OTTO_EINSTELLUNG_UNBEKANNT: 610405023,
} as const;

export type OttoCodeName = keyof typeof ottoCodes;

const names = new Map<number, string>(Object.entries(ottoCodes).map(([name, code]) => [code, name]));

/** The code's name, or the bare number for one steuerbote does not tell apart. */
export const ottoCodeName = (code: number): string => names.get(code) ?? String(code);

/** The server may answer next time: the connection, a timeout, its own fault. */
const passing = new Set<number>([ottoCodes.OTTO_TRANSFER_CONNECTSERVER, ottoCodes.OTTO_TRANSFER_TIMEOUT, ottoCodes.OTTO_TRANSFER_SERVER_FEHLER]);

/** A failure no retry mends: the message names Otto's code and its text, never the object's content. */
export class OttoError extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

/** What a download that failed with `code` throws: `not_found` and `retry` for the mailbox check, an OttoError otherwise. */
export function downloadFailure(code: number, objectId: string, text: string): Error {
  const message = `Otto ${code} ${ottoCodeName(code)} downloading ${objectId}: ${text}`;
  if (code === ottoCodes.OTTO_TRANSFER_NOT_FOUND) return new MailboxDownloadError('not_found', message);
  if (passing.has(code)) return new MailboxDownloadError('retry', message);
  return new OttoError(code, message);
}
