// ERiC's parameter structs change shape between versions, and ERiC reads them by its own layout:
// a struct of the wrong shape is not refused, it is misread. So the layout is chosen by the ERiC
// major version, from the public bindings of quambene/eric-rs (eric-bindings/bindings/
// bindings_eric_40_1_8_0_linux_x86_64.rs, bindings_eric_43_4_6_0_…, bindings_eric_44_2_4_0_…;
// eric-bindings/CHANGELOG.md 0.6.2) and ERiC's eric_types.h as quoted there.

import type { TypeObject } from 'koffi';
import { ConfigError } from '#shared/config.ts';
import { koffi } from '#shared/eric/koffi.ts';

/** The ERiC majors whose layouts are known here; anything newer may have changed again. */
export const supportedMajors = { min: 38, max: 44 } as const;

export interface StructFamily {
  druck: TypeObject;
  crypt: TypeObject;
  /** int EricPdfCallback(const char *pdfBezeichner, const BYTE *pdfDaten, uint32_t pdfGroesse, void *benutzerDaten) */
  pdfCallback: TypeObject;
  /** ERiC hands the PDF to a callback; otherwise it writes it to the file named in the print parameters. */
  pdfByCallback: boolean;
  /** EricBearbeiteVorgang still takes the transfer handle (NULL outside the Datenabholung). */
  transferHandle: boolean;
  /** eric_druck_parameter_t for a protocol without preview, footer or duplex margin. */
  printParameters(target: { pdfName: string } | { callback: bigint }): Record<string, unknown>;
  /** eric_verschluesselungs_parameter_t for the certificate handle and PIN. */
  cryptParameters(certificateHandle: number, pin: string): Record<string, unknown>;
}

// Up to ERiC 40: eric_druck_parameter_t versions 2 and 3 with `ersteSeite`; the callback fields came
// with ERiC 39 and are ignored for version 2, which every one of these versions accepts, so the PDF
// goes to a file. eric_verschluesselungs_parameter_t version 2 still carries `abrufCode` (NULL
// outside the Datenabholung).
function withErsteSeite(): StructFamily {
  const k = koffi();
  return {
    druck: k.struct({
      version: 'uint32_t',
      vorschau: 'uint32_t',
      ersteSeite: 'uint32_t',
      duplexDruck: 'uint32_t',
      pdfName: 'const char *',
      fussText: 'const char *',
      pdfCallback: 'void *',
      pdfCallbackBenutzerdaten: 'void *',
    }),
    crypt: k.struct({ version: 'uint32_t', zertifikatHandle: 'uint32_t', pin: 'const char *', abrufCode: 'const char *' }),
    pdfCallback: pdfCallbackType(),
    pdfByCallback: false,
    transferHandle: true,
    printParameters: (target) => ({
      version: 2,
      vorschau: 0,
      ersteSeite: 0,
      duplexDruck: 0,
      pdfName: 'pdfName' in target ? target.pdfName : null,
      fussText: null,
      pdfCallback: null,
      pdfCallbackBenutzerdaten: null,
    }),
    cryptParameters: (zertifikatHandle, pin) => ({ version: 2, zertifikatHandle, pin, abrufCode: null }),
  };
}

// From ERiC 41: eric_druck_parameter_t version 4 without `ersteSeite`, with the PDF callback;
// eric_verschluesselungs_parameter_t version 3 without `abrufCode`. ERiC 44 dropped the
// transferHandle parameter of EricBearbeiteVorgang [eric-rs CHANGELOG 0.6.2].
function version4(transferHandle: boolean): StructFamily {
  const k = koffi();
  const pdfCallback = pdfCallbackType();
  return {
    druck: k.struct({
      version: 'uint32_t',
      vorschau: 'uint32_t',
      duplexDruck: 'uint32_t',
      pdfName: 'const char *',
      fussText: 'const char *',
      pdfCallback: k.pointer(pdfCallback),
      pdfCallbackBenutzerdaten: 'void *',
    }),
    crypt: k.struct({ version: 'uint32_t', zertifikatHandle: 'uint32_t', pin: 'const char *' }),
    pdfCallback,
    pdfByCallback: true,
    transferHandle,
    printParameters: (target) => ({
      version: 4,
      vorschau: 0,
      duplexDruck: 0,
      pdfName: 'pdfName' in target ? target.pdfName : null,
      fussText: null,
      pdfCallback: 'callback' in target ? target.callback : null,
      pdfCallbackBenutzerdaten: null,
    }),
    cryptParameters: (zertifikatHandle, pin) => ({ version: 3, zertifikatHandle, pin }),
  };
}

let callbackType: TypeObject | undefined;
const pdfCallbackType = () => (callbackType ??= koffi().proto('int', ['const char *', 'const uint8_t *', 'uint32_t', 'void *']));

const families = new Map<string, StructFamily>();
const family = (key: string, build: () => StructFamily) => families.get(key) ?? families.set(key, build()).get(key)!;

/** The layouts for ERiC `major`, or a ConfigError naming `source` when they are not known here. */
export function structFamily(major: number, source: string): StructFamily {
  if (major < supportedMajors.min || major > supportedMajors.max) {
    throw new ConfigError(`${source} is ERiC ${major}; this version of steuerbote drives ERiC ${supportedMajors.min} to ${supportedMajors.max}`);
  }
  if (major <= 40) return family('40', withErsteSeite);
  return major <= 43 ? family('41', () => version4(true)) : family('44', () => version4(false));
}
