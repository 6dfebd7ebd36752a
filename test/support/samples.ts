// The contract's sample bodies (§5), as a caller would send them.

export const ustvaSample = () => ({
  test: true,
  year: 2026,
  period: '03',
  tax_number: '9198011310010',
  supplier: { name: 'Muster GmbH', street: 'Hauptstr. 1', postal_code: '80331', city: 'München', phone: '089123456', email: 'buchhaltung@example.com' },
  kennzahlen: { kz81: 10000, kz86: 500, kz66: '1200.50', kz83: '734.50' },
  flags: { corrected: false, documents_separate: false, direct_debit_revoked: false, refund_offset: false },
});

export const estSample = () => ({
  test: true,
  year: 2025,
  tax_number: '9198011310010',
  taxpayer: {
    idnr: '04452397687',
    first_name: 'Erika',
    last_name: 'Mustermann',
    birth_date: '1960-05-17',
    religion: 'none',
    address: { street: 'Hauptstr.', house_number: '1', postal_code: '80331', city: 'München' },
  },
  spouse: null,
  joint_assessment: false,
  bank: { iban: 'DE02120300000000202051', account_holder: 'taxpayer' },
  employment: [
    {
      person: 'taxpayer',
      gross_wage: '45000.00',
      income_tax_withheld: '6200.00',
      solidarity_surcharge_withheld: '0',
      church_tax_withheld: '0',
      commute_km: 18,
      office_days: 205,
      work_equipment: '250.00',
    },
  ],
  pensions: [],
  deductions: { health_insurance: '3900.00', donations: '200.00', church_tax_paid: '0', household_services: '450.00', craftsman_services: '1200.00', medical_costs: '0' },
});
