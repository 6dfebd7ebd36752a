// The sample bodies, as a caller would send them: the OpenAPI document's examples.

import { estContractExample, ustExample, ustvaContractExample } from '#shared/openapi/examples.ts';
import { ustvaNutzdaten, type UstvaNutzdatenInput } from '#shared/forms/ustva/xml-writer.ts';
import type { Transmission } from '#shared/ports/tax-authority.ts';
import type { EstReturn } from '#shared/forms/est/model.ts';

export const ustvaSample = () => structuredClone(ustvaContractExample);
export const estSample = () => structuredClone(estContractExample);
export const ustSample = () => structuredClone(ustExample);

/**
 * The ESt sample as the tax rules and the XML builder take it, completed with what ELSTER asks for
 * beyond the contract's sample (the tax class, the first place of work), with `changes` applied.
 */
export const estReturnSample = (changes: Partial<EstReturn> = {}): EstReturn => {
  const sample = estSample() as EstReturn;
  const workplace = { street: 'Boltzmannstr.', house_number: '3', postal_code: '85748', city: 'Garching' };
  return { ...sample, employment: [{ ...sample.employment[0]!, tax_class: 1, workplace }], ...changes };
};

/** The UStVA sample as the XML builder takes it, with `changes` applied. */
export const ustvaNutzdatenSample = (changes: Partial<UstvaNutzdatenInput> = {}): UstvaNutzdatenInput => ({
  year: 2026,
  period: '03',
  taxNumber: '9198011310010',
  kennzahlen: { kz81: 10000, kz86: 500, kz66: '1200.50', kz83: '734.50' },
  herstellerId: '74931',
  createdAt: new Date('2026-04-09T08:00:00Z'),
  ...changes,
});

/** A UStVA as a tax authority is handed it, with `changes` applied. */
export const ustvaTransmissionSample = (changes: Partial<Transmission> = {}): Transmission => ({
  ticket: 'tk_AAAAAAAAAAAAAAAAAAAAAA',
  attempt: 1,
  kind: 'ustva',
  test: true,
  year: 2026,
  period: '03',
  tax_number: '9198011310010',
  datenart_version: 'UStVA_2026',
  nutzdaten: ustvaNutzdaten(ustvaNutzdatenSample()),
  ...changes,
});
