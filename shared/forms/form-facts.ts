import type { Kind } from '#shared/domain/ticket.ts';
import type { YearWindow } from '#shared/forms/years.ts';

/** What is known of a form without loading its code: its calendar and ERiC's names for it. */
export interface FormFacts<K extends Kind = Kind> {
  kind: K;
  /** The years whose schema steuerbote has, its own or a stand-in (docs/sources.md). */
  years: readonly number[];
  /** How its years open and close: shared/forms/years.ts decides by it which are accepted on a day. */
  window: YearWindow;
  /** ERiC's Verfahren and Datenart (ERiC's `Datenartversionmatrix.xml`). */
  verfahren: string;
  datenart: string;
  /** ERiC's Datenart version of a year's filing, e.g. `UStVA_2026`. */
  datenartVersion(year: number): string;
  /**
   * The field of the body that names the filer, on the ticket (masked), the protocol and in the
   * document: `tax_number` (with `tax_office` for a first return) unless said otherwise.
   */
  filer?: 'tax_number' | 'vat_id';
  /** ERiC's recipient (NutzdatenHeader/Empfaenger), where it is not the tax office of the tax number. */
  recipient?: { id: string; code: string };
  /**
   * The filings one request of the form may make, where it makes one of several: each its own element
   * in ELSTER's `Steuerfall`, named on the ticket as its `type` (the check's `Ruled.type`); the first is the one a
   * request makes that names none.
   */
  filings?: readonly string[];
}
