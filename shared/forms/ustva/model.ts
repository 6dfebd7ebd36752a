// A UStVA's figures as the rules check them and the protocol shows them: from a request's
// structured fields, or read back from Nutzdaten (xml-reader.ts). The request itself is the
// schema's type (schema.ts).

export interface UstvaFigures {
  year: number;
  period: string;
  /** `kzNN` → an amount in euros, or for a date Kennzahl YYYY-MM-DD. */
  kennzahlen: Record<string, number | string>;
  flags?: { corrected?: boolean; documents_separate?: boolean; direct_debit_revoked?: boolean; refund_offset?: boolean };
}
