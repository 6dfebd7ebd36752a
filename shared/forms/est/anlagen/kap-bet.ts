// Anlage KAP-BET, per person: capital income from partnerships and communities (§ 20 EStG, as the
// separate and uniform determination, § 180 AO, assigns it) and the taxes withheld there; the
// income without German withholding, foreign included, and the foreign taxes credited, creditable
// and fictitious on it (§ 32d Abs. 5 EStG). The partnership's tax office and tax number have
// fields of their own from 2023 (E10-2023.xsd).
import { cents, group, income, leaf, list, personLeaf, taxNumber, text, type Anlage } from '#shared/forms/est/anlagen/map.ts';

export const kapBetAnlage: Anlage = {
  key: 'capital_income_partnerships',
  element: 'KAP_BET',
  many: 2,
  label: 'Anlage KAP-BET',
  fields: {
    person: personLeaf,
    partnerships: list('Ertr/Beteiligungen', 99, {
      name: leaf('E1903101', text(), 'Gemeinschaft / Gesellschaft'),
      tax_office: leaf({ 2022: null, 2023: 'E1920501' }, text(), 'Finanzamt'),
      tax_number: leaf({ 2022: null, 2023: 'E1920502' }, taxNumber, 'Steuernummer'),
    }),
    withheld_german: group('Ertr/M_inl_St_Abz', { income: leaf('E1903301', income, 'Kapitalerträge mit Steuerabzug (Beteiligungen)') }),
    without_withholding: group('Ertr/O_inl_St_Abz', { income: leaf('E1904001', income, 'Kapitalerträge ohne inländischen Steuerabzug') }),
    foreign_taxes: group('St_Abz_Betr_Ert_m_o_inl_StAbz', {
      credited: leaf('E1905002', cents, 'Angerechnete ausländische Steuern'),
      creditable: leaf('E1905102', cents, 'Anrechenbare ausländische Steuern'),
      fictitious: leaf('E1905202', cents, 'Fiktive ausländische Quellensteuern'),
    }),
    taxes_withheld: group('Anzr_StErtr_tar_Est_u_and_Ek_Art', {
      capital_gains_tax: leaf('E1905301', cents, 'Kapitalertragsteuer (Beteiligungen)'),
      solidarity_surcharge: leaf('E1905501', cents, 'Solidaritätszuschlag (Beteiligungen)'),
      church_tax: leaf('E1905401', cents, 'Kirchensteuer zur Kapitalertragsteuer (Beteiligungen)'),
    }),
  },
};
