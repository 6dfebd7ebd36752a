// An LStA's figures as the rules check them and the protocol shows them: from a request's
// structured fields, or read back from Nutzdaten (xml-reader.ts).
import type { Parties } from '#shared/forms/parties.ts';
import type { LstaFlag } from '#shared/forms/lsta/kennzahlen.ts';

export type LstaFlags = Partial<Record<LstaFlag, boolean>> & { supplementary_text?: string };

export interface LstaFigures extends Parties {
  year: number;
  period: string;
  /** ELSTER's 13 digits, where known (the ERiC rules LStA_LoKi_* read its Land). */
  taxNumber?: string;
  /** Request key (`kz42_lfdjahr`) → an amount, a count or a key. */
  kennzahlen: Record<string, number | string>;
  flags?: LstaFlags;
  /** The wage tax of the prior year, when the caller gives it. */
  priorYearWageTax?: number | string;
}
