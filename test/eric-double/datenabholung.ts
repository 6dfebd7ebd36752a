// ELSTER's answers to the Datenabholung requests, as the ERiC test double serves them from a folder
// (ERIC_DOUBLE_DATENABHOLUNG_DIR): built here from a few records, shaped like ELSTER's samples.

import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** ELSTER's answer to one Datenabholung request, its Nutzdaten given. */
export const datenabholungAnswer = (datenart: string, nutzdaten: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Elster xmlns="http://www.elster.de/elsterxml/schema/v11"><TransferHeader version="11">` +
  `<Verfahren>ElsterDatenabholung</Verfahren><DatenArt>${datenart}</DatenArt><Vorgang>send-Auth</Vorgang><TransferTicket>tt${datenart.length}</TransferTicket>` +
  `<RC><Rueckgabe><Code>0</Code><Text>Ihr Request wurde bearbeitet</Text></Rueckgabe></RC></TransferHeader>` +
  `<DatenTeil><Nutzdatenblock><NutzdatenHeader version="11"><NutzdatenTicket>1</NutzdatenTicket><Empfaenger id="L">CS</Empfaenger></NutzdatenHeader>` +
  `<Nutzdaten><Datenabholung xmlns="http://finkonsens.de/elster/elsterdatenabholung/v3" version="31">${nutzdaten}</Datenabholung></Nutzdaten></Nutzdatenblock></DatenTeil></Elster>`;

export interface DoubleRecord {
  /** BestId: 32 lowercase letters and digits. */
  id: string;
  provisionTicket: string;
  /** The transfer ticket of the filing it answers. */
  erklaerungsticket?: string;
  /** The object ID of the data package, a file of the Otto double's. */
  data: string;
  /** Attachments' object IDs, PDFs. */
  attachments?: string[];
}

/** Writes into `folder` (a new one without) the answers to a listing of `records` (ESB), their confirmation and their status (confirmed). */
export async function datenabholungFolder(records: readonly DoubleRecord[], into?: string): Promise<string> {
  const folder = into ?? (await mkdtemp(join(tmpdir(), 'steuerbote-datenabholung-')));
  const provisions = records.map(
    (record) =>
      `<Bereitstellung id="${record.id}" bereitstellungsticket="${record.provisionTicket}" groesse="900"><MetaInformationen><Meta name="veranlagungsjahr">2025</Meta>` +
      (record.erklaerungsticket ? `<Meta name="erklaerungsticket">${record.erklaerungsticket}</Meta>` : '') +
      '</MetaInformationen>' +
      `<Datenpaket><ReferenzId>${record.data}</ReferenzId><Encoding>UTF-8</Encoding><Groesse>1205</Groesse></Datenpaket>` +
      (record.attachments?.length
        ? `<Anhaenge>${record.attachments.map((ref, n) => `<Anhang><Dateibezeichnung>Bescheid ${n + 1}</Dateibezeichnung><Dateityp>application/pdf</Dateityp><DateiReferenzId>${ref}</DateiReferenzId><DateiGroesse>4000</DateiGroesse></Anhang>`).join('')}</Anhaenge>`
        : '') +
      '</Bereitstellung>',
  );
  const answers = {
    PostfachAnfrage: datenabholungAnswer(
      'PostfachAnfrage',
      `<PostfachAnfrageAntwort max="1000"><DatenartBereitstellung name="ESB" anzahltreffer="${records.length}"><Bereitstellungen>${provisions.join('')}</Bereitstellungen></DatenartBereitstellung></PostfachAnfrageAntwort>`,
    ),
    PostfachBestaetigung: datenabholungAnswer(
      'PostfachBestaetigung',
      `<PostfachBestaetigungAntwort><Bereitstellungen>${records.map((record) => `<Bereitstellung id="${record.id}"><Rueckgabe><Code>0</Code><Text>bestaetigt</Text></Rueckgabe></Bereitstellung>`).join('')}</Bereitstellungen></PostfachBestaetigungAntwort>`,
    ),
    Statusabfrage: datenabholungAnswer(
      'Statusabfrage',
      `<Bereitstellungen>${records.map((record) => `<Bereitstellung><BereitstellungsTicket>${record.provisionTicket}</BereitstellungsTicket><Status>30-BESTAETIGT</Status></Bereitstellung>`).join('')}</Bereitstellungen>`,
    ),
  };
  for (const [datenart, xml] of Object.entries(answers)) await writeFile(join(folder, `${datenart}.xml`), xml);
  return folder;
}
