// A UStVA's figures as the rules check them and the protocol shows them: from a request's
// structured fields, or read back from Nutzdaten (xml-reader.ts). The request itself is the
// schema's type (schema.ts).

import type { UstvaType } from '#shared/forms/ustva/facts.ts';
import type { Party } from '#shared/forms/parties.ts';

/** Who files besides the supplier: the business (Unternehmer) and its advisor (Berater), in request fields. */
export interface UstvaParties {
  business?: Party;
  advisor?: Party;
}

export interface UstvaFlags {
  corrected?: boolean;
  documents_separate?: boolean;
  direct_debit_revoked?: boolean;
  refund_offset?: boolean;
  /** Kz 23: further or different facts to consider, told in `supplementary_text`. */
  supplementary?: boolean;
  supplementary_text?: string;
}

export interface UstvaFigures extends UstvaParties {
  year: number;
  period: string;
  /** `kzNN` → an amount in euros, or for a date Kennzahl YYYY-MM-DD. */
  kennzahlen: Record<string, number | string>;
  flags?: UstvaFlags;
}

/** A Dauerfristverlängerung or Sondervorauszahlung: a year's filing, without period or form lines. */
export interface SpecialFigures extends UstvaParties {
  type: Exclude<UstvaType, 'voranmeldung'>;
  year: number;
  /** Sondervorauszahlung only: whole euros, never negative. */
  kz38?: number | string;
  flags?: UstvaFlags;
}
