// ERiC's rules of what the service writes itself but a caller's own Nutzdaten must carry: the
// creation date, the data supplier with name and address, and Kz09, the Hersteller-ID, which is
// five digits alone when a party is named (shared/elster/rules/Jahresdokumentation_UStVA_2025.xml;
// the schema leaves every one of them optional). Paths are those of the XML (`xml.Kz09`).

import type { Finding } from '#shared/domain/ticket.ts';
import type { UstvaType } from '#shared/forms/ustva/facts.ts';
import { ericFinding, type EricRuleName } from '#shared/forms/ustva/eric-rules.ts';
import type { ReadFigures } from '#shared/forms/ustva/xml-reader.ts';
import { frameFindings } from '#shared/forms/anmeldungssteuern.ts';

const kz09Rules: Record<UstvaType, { required: EricRuleName; alone: EricRuleName }> = {
  voranmeldung: { required: 'UStVA_Kz09_Pflichtfeld', alone: 'UStVA_Laenge_Kz09' },
  dauerfristverlaengerung: { required: 'Df_Kz09_Pflichtfeld', alone: 'Df_Kz09_Laenge' },
  sondervorauszahlung: { required: 'Svz_Kz09_Pflichtfeld', alone: 'Svz_Kz09_Laenge' },
};

export function nutzdatenFindings(figures: ReadFigures): Finding[] {
  const { year } = figures;
  const findings = frameFindings(figures);
  const rules = kz09Rules[figures.type];
  if (figures.herstellerId === undefined)
    findings.push(
      ...ericFinding(rules.required, year, {
        path: 'xml.Kz09',
        code: 'REQUIRED',
        message: 'is required: the Hersteller-ID of the software that made the data',
      }),
    );
  // A Kz09 left out has no five digits either: ERiC names both rules.
  if ((figures.herstellerId?.length ?? 0) !== 5 && (figures.business || figures.advisor || figures.advisor_client))
    findings.push(
      ...ericFinding(rules.alone, year, {
        path: 'xml.Kz09',
        code: 'KZ09_HERSTELLER_ID_ALONE',
        message: 'must be the five-digit Hersteller-ID alone when Unternehmer, Berater or Mandant are given',
      }),
    );
  return findings;
}
