import koffi, { type TypeObject } from 'koffi';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '#shared/config.ts';
import { structFamily } from '#shared/eric/structs.ts';

// Offsets and sizes as bindgen computed them from ERiC's headers on Linux x86-64 (quambene/eric-rs,
// bindings_eric_40_1_8_0_linux_x86_64.rs and bindings_eric_44_2_4_0_linux_x86_64.rs).
const offsets = (type: TypeObject) => Object.fromEntries(Object.keys(type.members ?? {}).map((name) => [name, koffi.offsetof(type, name)]));

describe('structFamily', () => {
  it('lays out ERiC 38–40 with ersteSeite and abrufCode, printing to a file', () => {
    const family = structFamily(40, 'libericapi.so');
    expect(offsets(family.druck)).toEqual({
      version: 0,
      vorschau: 4,
      ersteSeite: 8,
      duplexDruck: 12,
      pdfName: 16,
      fussText: 24,
      pdfCallback: 32,
      pdfCallbackBenutzerdaten: 40,
    });
    expect(koffi.sizeof(family.druck)).toBe(48);
    expect(offsets(family.crypt)).toEqual({ version: 0, zertifikatHandle: 4, pin: 8, abrufCode: 16 });
    expect(koffi.sizeof(family.crypt)).toBe(24);
    expect(family).toMatchObject({ pdfByCallback: false, transferHandle: true });
    expect(family.printParameters({ pdfName: '/tmp/x.pdf' })).toMatchObject({ version: 2, ersteSeite: 0, pdfName: '/tmp/x.pdf' });
    expect(family.cryptParameters(7, 'pin')).toEqual({ version: 2, zertifikatHandle: 7, pin: 'pin', abrufCode: null });
    expect(structFamily(38, 'x')).toBe(family);
  });

  it('lays out ERiC 41 and later with print parameters version 4, handing the PDF to a callback', () => {
    const family = structFamily(41, 'libericapi.so');
    expect(offsets(family.druck)).toEqual({
      version: 0,
      vorschau: 4,
      duplexDruck: 8,
      pdfName: 16,
      fussText: 24,
      pdfCallback: 32,
      pdfCallbackBenutzerdaten: 40,
    });
    expect(koffi.sizeof(family.druck)).toBe(48);
    expect(offsets(family.crypt)).toEqual({ version: 0, zertifikatHandle: 4, pin: 8 });
    expect(koffi.sizeof(family.crypt)).toBe(16);
    expect(family).toMatchObject({ pdfByCallback: true, transferHandle: true });
    expect(family.printParameters({ callback: 5n })).toMatchObject({ version: 4, pdfCallback: 5n, pdfName: null });
    expect(family.cryptParameters(7, 'pin')).toEqual({ version: 3, zertifikatHandle: 7, pin: 'pin' });
    expect(structFamily(43, 'x')).toBe(family);
  });

  it('drops the transfer handle from ERiC 44 on', () => {
    expect(structFamily(44, 'x')).toMatchObject({ pdfByCallback: true, transferHandle: false });
  });

  it('refuses versions whose layouts are not known', () => {
    expect(() => structFamily(45, 'libericapi.so in ERIC_HOME')).toThrow(
      new ConfigError('libericapi.so in ERIC_HOME is ERiC 45; this version of steuerbote drives ERiC 38 to 44'),
    );
    expect(() => structFamily(37, 'ERIC_API_VERSION')).toThrow(ConfigError);
  });
});
