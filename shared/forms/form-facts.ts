import type { Kind } from '#shared/domain/ticket.ts';

/** How a form's years open and close, as ELSTER and the law have them: shared/forms/years.ts decides by it (docs/sources.md, "Which years are open"). */
export interface YearWindow {
  /**
   * A filing is made once its year has begun (a return for a period of it), once it has ended (a
   * return of the whole year), or from the year before (a letter about what is still to come).
   */
  opens: 'year-before' | 'year-begun' | 'year-ended';
  /** The year closes with the end of the `after`-th year after it; `why` says what closes it, after "it closed on <day>, as ". */
  closes?: { after: number; why: string };
  /** ERiC's rules that refuse a year not yet open and a closed one, where its workbook names them. */
  rules?: { notOpen?: string; closed?: string };
  /** Why the years steuerbote offers begin where they do, after "is not a year steuerbote files this form for (<first> to <last>): ". */
  offered: string;
}

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
  /**
   * Its body may name a notice of the caller's, which its check reads (an appeal's `notice_id`): its
   * functions are built on the entries that hand the check the caller's notices and granted their
   * reads (shared/manifest.ts, shared/wiring/named-notice.ts); no other form's carry them.
   */
  readsNotices?: true;
}
