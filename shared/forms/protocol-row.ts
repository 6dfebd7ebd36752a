/** One line of a PDF protocol: a figure of the return as transmitted, in the form's words. */
export interface ProtocolRow {
  /** The Kennzahl, where the form numbers its lines. */
  kz?: string;
  label: string;
  value: string;
  /** Beside a base whose tax the form computes (UStVA Kz 81: 19 % of it), that tax, so the result can be re-checked on paper. */
  tax?: string;
}
