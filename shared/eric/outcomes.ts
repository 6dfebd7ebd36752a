// What each ERiC return code means for a transmission. Codes and names from ERiC's
// eric_fehlercodes.h as listed in digitalservicebund/erica (erica/worker/pyeric/eric_errors.py);
// the meaning of the two server-answer codes from ERiC's ericapi.h (EricBearbeiteVorgang).

/**
 * - `plausibility`: ERiC's own rules refused the data; the findings are in the return buffer.
 * - `data`: the data cannot be processed as it is (schema, encoding, size); nothing was sent.
 * - `refused`: ELSTER answered and refused the data; its reasons are in the server answer.
 * - `configuration`: a fault of this installation (certificate, PIN, Hersteller-ID, ERiC itself);
 *   nothing was sent, and sending again will not help until an operator acts.
 * - `not-sent`: the connection could not be made; nothing left this machine, so it may be tried again.
 * - `uncertain`: the data may have reached ELSTER; sending again could file it twice.
 */
export type EricClass = 'plausibility' | 'data' | 'refused' | 'configuration' | 'not-sent' | 'uncertain';

export interface EricCode {
  code: number;
  name: string;
  class: EricClass;
  /** For `configuration`: the stable code an operator looks up. */
  operatorCode?: string;
}

const table: Record<number, Omit<EricCode, 'code'>> = {
  610001002: { name: 'ERIC_GLOBAL_PRUEF_FEHLER', class: 'plausibility' },

  610001026: { name: 'ERIC_GLOBAL_DATENSATZ_ZU_GROSS', class: 'data' },
  610001034: { name: 'ERIC_GLOBAL_STEUERNUMMER_UNGUELTIG', class: 'data' },
  610001038: { name: 'ERIC_GLOBAL_BUFANR_UNBEKANNT', class: 'data' },
  610001869: { name: 'ERIC_GLOBAL_NUTZDATENHEADER_EMPFAENGER_NICHT_KORREKT', class: 'data' },
  610301006: { name: 'ERIC_IO_PARSE_FEHLER', class: 'data' },
  610301106: { name: 'ERIC_IO_READER_UNERWARTETE_ELEMENTE', class: 'data' },
  610301107: { name: 'ERIC_IO_READER_FORMALE_FEHLER', class: 'data' },
  610301152: { name: 'ERIC_IO_READER_STEUERZEICHEN_IN_DEN_NUTZDATEN', class: 'data' },
  610301200: { name: 'ERIC_IO_READER_SCHEMA_VALIDIERUNGSFEHLER', class: 'data' },
  610301201: { name: 'ERIC_IO_READER_UNBEKANNTE_XML_ENTITY', class: 'data' },
  610301400: { name: 'ERIC_IO_UNGUELTIGE_UTF8_SEQUENZ', class: 'data' },

  // "Die Serverantwort enthält Fehlermeldungen" (ericapi.h): ELSTER has answered, and said no.
  610101210: { name: 'ERIC_TRANSFER_ERR_XML_THEADER', class: 'refused' },
  610101292: { name: 'ERIC_TRANSFER_ERR_XML_NHEADER', class: 'refused' },

  610201106: { name: 'ERIC_CRYPT_E_PIN_WRONG', class: 'configuration', operatorCode: 'ERIC_PIN_WRONG' },
  610201107: { name: 'ERIC_CRYPT_E_PIN_LOCKED', class: 'configuration', operatorCode: 'ERIC_PIN_LOCKED' },
  610201205: { name: 'ERIC_CRYPT_PIN_BENOETIGT', class: 'configuration', operatorCode: 'ERIC_PIN_MISSING' },
  610201211: { name: 'ERIC_CRYPT_PIN_ENTHAELT_UNGUELTIGE_ZEICHEN', class: 'configuration', operatorCode: 'ERIC_PIN_WRONG' },
  610001014: { name: 'ERIC_GLOBAL_DATEI_NICHT_GEFUNDEN', class: 'configuration', operatorCode: 'ERIC_CERTIFICATE_UNREADABLE' },
  610201105: { name: 'ERIC_CRYPT_E_PSE_PATH', class: 'configuration', operatorCode: 'ERIC_CERTIFICATE_UNREADABLE' },
  610201111: { name: 'ERIC_CRYPT_E_P12_READ', class: 'configuration', operatorCode: 'ERIC_CERTIFICATE_UNREADABLE' },
  610201112: { name: 'ERIC_CRYPT_E_P12_DECODE', class: 'configuration', operatorCode: 'ERIC_CERTIFICATE_UNREADABLE' },
  610201113: { name: 'ERIC_CRYPT_E_P12_SIG_KEY', class: 'configuration', operatorCode: 'ERIC_CERTIFICATE_UNREADABLE' },
  610201114: { name: 'ERIC_CRYPT_E_P12_ENC_KEY', class: 'configuration', operatorCode: 'ERIC_CERTIFICATE_UNREADABLE' },
  610201200: { name: 'ERIC_CRYPT_ZERTIFIKAT', class: 'configuration', operatorCode: 'ERIC_CERTIFICATE_UNREADABLE' },
  610201203: { name: 'ERIC_CRYPT_NICHT_UNTERSTUETZTES_PSE_FORMAT', class: 'configuration', operatorCode: 'ERIC_CERTIFICATE_UNREADABLE' },
  610201213: { name: 'ERIC_CRYPT_CORRUPTED', class: 'configuration', operatorCode: 'ERIC_CERTIFICATE_UNREADABLE' },
  610201221: { name: 'ERIC_CRYPT_E_P12_NO_SIG_CERT', class: 'configuration', operatorCode: 'ERIC_CERTIFICATE_UNREADABLE' },
  610201222: { name: 'ERIC_CRYPT_E_P12_NO_ENC_CERT', class: 'configuration', operatorCode: 'ERIC_CERTIFICATE_UNREADABLE' },
  610201147: { name: 'ERIC_CRYPT_E_VERIFY_CERT_CHAIN', class: 'configuration', operatorCode: 'ERIC_CERTIFICATE_INVALID' },
  610001016: { name: 'ERIC_GLOBAL_HERSTELLER_ID_NICHT_ERLAUBT', class: 'configuration', operatorCode: 'ERIC_HERSTELLER_ID_NOT_ALLOWED' },
  610001042: { name: 'ERIC_GLOBAL_DATENARTVERSION_UNBEKANNT', class: 'configuration', operatorCode: 'ERIC_DATENART_VERSION_UNKNOWN' },
  610001044: { name: 'ERIC_GLOBAL_DATENARTVERSION_XML_INKONSISTENT', class: 'configuration', operatorCode: 'ERIC_DATENART_VERSION_MISMATCH' },
  610301111: { name: 'ERIC_IO_UNBEKANNTE_DATENART', class: 'configuration', operatorCode: 'ERIC_DATENART_VERSION_UNKNOWN' },
  610001019: { name: 'ERIC_GLOBAL_ECHTFALL_NICHT_ERLAUBT', class: 'configuration', operatorCode: 'ERIC_LIVE_NOT_ALLOWED' },
  610001020: { name: 'ERIC_GLOBAL_NO_VERSAND_IN_BETA_VERSION', class: 'configuration', operatorCode: 'ERIC_CANNOT_SEND' },
  610001025: { name: 'ERIC_GLOBAL_TESTMERKER_UNGUELTIG', class: 'configuration', operatorCode: 'ERIC_TESTMERKER_INVALID' },
  610001226: { name: 'ERIC_GLOBAL_UNGUELTIGE_PARAMETER_VERSION', class: 'configuration', operatorCode: 'ERIC_STRUCT_VERSION' },
  610001206: { name: 'ERIC_GLOBAL_VERSCHLUESSELUNGS_PARAMETER_NICHT_ANGEGEBEN', class: 'configuration', operatorCode: 'ERIC_CALL_INVALID' },
  610001209: { name: 'ERIC_GLOBAL_SEND_FLAG_MEHR_ALS_EINES', class: 'configuration', operatorCode: 'ERIC_CALL_INVALID' },
  610001218: { name: 'ERIC_GLOBAL_UNGUELTIGE_FLAG_KOMBINATION', class: 'configuration', operatorCode: 'ERIC_CALL_INVALID' },
  610001222: { name: 'ERIC_GLOBAL_UNGUELTIGER_PARAMETER', class: 'configuration', operatorCode: 'ERIC_CALL_INVALID' },
  610001526: { name: 'ERIC_GLOBAL_NULL_PARAMETER', class: 'configuration', operatorCode: 'ERIC_CALL_INVALID' },
  610201101: { name: 'ERIC_CRYPT_E_INVALID_HANDLE', class: 'configuration', operatorCode: 'ERIC_CALL_INVALID' },
  610001231: { name: 'ERIC_GLOBAL_MEHRFACHAUFRUFE_NICHT_UNTERSTUETZT', class: 'configuration', operatorCode: 'ERIC_CALL_INVALID' },
  610001081: { name: 'ERIC_GLOBAL_NICHT_INITIALISIERT', class: 'configuration', operatorCode: 'ERIC_SETUP' },
  610001082: { name: 'ERIC_GLOBAL_MEHRFACHE_INITIALISIERUNG', class: 'configuration', operatorCode: 'ERIC_SETUP' },
  610001083: { name: 'ERIC_GLOBAL_FEHLER_INITIALISIERUNG', class: 'configuration', operatorCode: 'ERIC_SETUP' },
  610001045: { name: 'ERIC_GLOBAL_COMMONDATA_NICHT_VERFUEGBAR', class: 'configuration', operatorCode: 'ERIC_SETUP' },
  610001228: { name: 'ERIC_GLOBAL_PLUGININITIALISIERUNG', class: 'configuration', operatorCode: 'ERIC_SETUP' },
  610001229: { name: 'ERIC_GLOBAL_INKOMPATIBLE_VERSIONEN', class: 'configuration', operatorCode: 'ERIC_SETUP' },
  610001851: { name: 'ERIC_GLOBAL_UPDATE_NECESSARY', class: 'configuration', operatorCode: 'ERIC_UPDATE_NECESSARY' },
  610101280: { name: 'ERIC_TRANSFER_ERR_PROXYAUTH', class: 'configuration', operatorCode: 'ERIC_PROXY' },
  610101284: { name: 'ERIC_TRANSFER_ERR_PROXYPORT_INVALID', class: 'configuration', operatorCode: 'ERIC_PROXY' },

  // Failing to reach the server (or the proxy) means nothing was handed over.
  610101276: { name: 'ERIC_TRANSFER_ERR_PROXYCONNECT', class: 'not-sent' },
  610101278: { name: 'ERIC_TRANSFER_ERR_CONNECTSERVER', class: 'not-sent' },
  610101282: { name: 'ERIC_TRANSFER_ERR_SEND_INIT', class: 'not-sent' },

  // Once the connection stood, the data may have arrived whatever went wrong afterwards; the
  // protocol is printed after the server's answer, so a print fault comes after the sending too.
  610101200: { name: 'ERIC_TRANSFER_COM_ERROR', class: 'uncertain' },
  610101271: { name: 'ERIC_TRANSFER_ERR_SEND', class: 'uncertain' },
  610101279: { name: 'ERIC_TRANSFER_ERR_NORESPONSE', class: 'uncertain' },
  610101283: { name: 'ERIC_TRANSFER_ERR_TIMEOUT', class: 'uncertain' },
  610101291: { name: 'ERIC_TRANSFER_ERR_OTHER', class: 'uncertain' },
  610101293: { name: 'ERIC_TRANSFER_ERR_XML_ENCODING', class: 'uncertain' },
  610101295: { name: 'ERIC_TRANSFER_ERR_XMLTAG_NICHT_GEFUNDEN', class: 'uncertain' },
  610101297: { name: 'ERIC_TRANSFER_ERR_DATENTEILFEHLER', class: 'uncertain' },
  610501001: { name: 'ERIC_PRINT_INTERNER_FEHLER', class: 'uncertain' },
  610501002: { name: 'ERIC_PRINT_DRUCKVORLAGE_NICHT_GEFUNDEN', class: 'uncertain' },
  610501004: { name: 'ERIC_PRINT_UNGUELTIGER_DATEI_PFAD', class: 'uncertain' },
  610501007: { name: 'ERIC_PRINT_INITIALISIERUNG_FEHLERHAFT', class: 'uncertain' },
  610501009: { name: 'ERIC_PRINT_ABBRUCH_DRUCKVORBEREITUNG', class: 'uncertain' },
  610501010: { name: 'ERIC_PRINT_ABBRUCH_GENERIERUNG', class: 'uncertain' },
};

/** The table's entry for `code`; an unknown code is never taken as safe to send again. */
export function describeCode(code: number): EricCode {
  const known = table[code];
  return known ? { code, ...known } : { code, name: 'UNKNOWN', class: 'uncertain' };
}
