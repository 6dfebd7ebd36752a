// The appeal as generic code sees it (shared/forms/form.ts), and its protocol: "Einspruch gegen den
// Bescheid vom …", the notices it contests, its reasons and attachments counted.
import { einspruchLetter, form } from '#shared/forms/einspruch/check.ts';
import { childOf, letterModule } from '#shared/forms/letter.ts';
import type { ProtocolRow } from '#shared/forms/protocol-row.ts';
import type { XmlTree } from '#shared/xml/xml.ts';

/** What each kind of notice is called, by ELSTER's code (Einsprch-22.xsd, VaId), for the protocol. */
const noticeNames: Record<string, string> = {
  '11': 'Einkommensteuerbescheid',
  '14': 'Bescheid über Einkommensteuer-Vorauszahlungen',
  '16': 'Erbschaftsteuerbescheid',
  '25': 'Bescheid über die gesonderte und einheitliche Feststellung',
  '26': 'Bescheid über die gesonderte Feststellung',
  '34': 'Gewerbesteuermessbescheid',
  '38': 'Grunderwerbsteuerbescheid',
  '299': 'Bescheid über die Grundsteueräquivalenzbeträge',
  '108': 'Grundsteuermessbescheid',
  '271': 'Grundsteuerwertbescheid',
  '272': 'Grundsteuerwertbescheid (Land- und Forstwirtschaft)',
  '44': 'Körperschaftsteuerbescheid',
  '185': 'Feststellungsbescheid nach § 27 und § 28 KStG',
  '49': 'Bescheid über Körperschaftsteuer-Vorauszahlungen',
  '124': 'Lohnsteuer-Jahresbescheid',
  '52': 'Lohnsteuerbescheid',
  '56': 'Schenkungsteuerbescheid',
  '69': 'Umsatzsteuerbescheid',
  '72': 'Umsatzsteuer-Vorauszahlungsbescheid',
  '57': 'Sonstiger Verwaltungsakt',
};

/** The protocol's title and rows of an appeal's element: the notices it contests, how many reasons, how many attachments. */
export function einspruchProtocol(tree: XmlTree, files: number): { title: string; figures: ProtocolRow[] } {
  const acts = tree.children.filter(({ name }) => name === 'Verwaltungsakt');
  const date = childOf(acts[0], 'Verwaltungsakt_Datum')?.text;
  const figures: ProtocolRow[] = acts.map((act) => {
    const code = childOf(act, 'VaId')?.text ?? '57';
    const what = childOf(act, 'VerwaltungsaktSonstiger')?.text ?? noticeNames[code] ?? code;
    const year = childOf(act, 'Jahr')?.text;
    return { label: `${what}${year ? ` ${year}` : ''}`, value: childOf(act, 'Verwaltungsakt_Datum')?.text ?? '–' };
  });
  const reasons = childOf(tree, 'Begruendungen')?.children.filter(({ name }) => name === 'Begruendung').length ?? 0;
  figures.push({ label: 'Begründungen', value: String(reasons) }, { label: 'Anhänge', value: String(files) });
  return { title: date ? `Einspruch gegen den Bescheid vom ${date}` : 'Einspruch', figures };
}

export const formModule = letterModule(einspruchLetter, form, (tree, files) => ({
  section: 'Angefochtene Bescheide',
  ...(tree ? einspruchProtocol(tree, files) : { title: 'Einspruch', figures: [] }),
}));
