import type { FormFacts } from '#shared/forms/form-facts.ts';
import { letterWindow, letterYears } from '#shared/forms/letter-window.ts';

/**
 * The appeal (Einspruch, § 347 AO) against a notice of the tax office: ElsterNachricht, Datenart
 * Einspruch, version 22 (Datenartversionmatrix.xml: `Einspruch_<Version>`, checkEinspruch). It may be
 * sent any day; its `year` is the year of the notice it contests, one of the last twenty or the
 * current one (shared/forms/letter-window.ts). Every year takes the one schema, Einsprch-22.xsd. It
 * may name the notice it contests (`notice_id`), which its check reads (from-notice.ts).
 */
export const einspruchFacts: FormFacts<'einspruch'> = {
  kind: 'einspruch',
  years: letterYears,
  window: letterWindow(false, { notOpen: 'Verwaltungsakt_Jahr_in_Zukunft', closed: 'Verwaltungsakt_Jahr_aelter_20_Jahre' }),
  verfahren: 'ElsterNachricht',
  datenart: 'Einspruch',
  datenartVersion: () => 'Einspruch_22',
  readsNotices: true,
};
