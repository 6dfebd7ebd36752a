import { describe, expect, it } from 'vitest';
import type { CheckContext, NamedNotice } from '#shared/forms/check.ts';
import { fromNotice, noticeTypeOf } from '#shared/forms/einspruch/from-notice.ts';

const id = `ntc_${'a'.repeat(22)}`;
const contextWith = (notice: NamedNotice | undefined): CheckContext => ({ today: '2026-03-02', liveSubmissionsAllowed: false, notice: async () => notice });
const diva: NamedNotice = {
  datenart: 'DivaBescheidESt',
  year: 2024,
  tax_number_masked: '*********0010',
  tax_office: '9198',
  tax_number: '9198011310010',
  date: '2026-02-20',
};
const esb: NamedNotice = { datenart: 'ESB', kind: 'kst', year: 2024, tax_number_masked: '*********0010', tax_office: '9198' };
const paths = (result: Awaited<ReturnType<typeof fromNotice>>) => ('findings' in result ? result.findings.map(({ path, code }) => `${path} ${code}`) : []);

describe('an appeal completed from the notice it names', () => {
  it("takes a DIVA notice's tax number, year, kind and date, keeping what else the caller gives", async () => {
    const result = await fromNotice({ test: true, notice_id: id, notice: { suspension: 'full' } }, contextWith(diva));
    expect(result).toEqual({
      input: { test: true, notice_id: id, tax_number: '9198011310010', year: 2024, notice: { suspension: 'full', type: 'income_tax', date: '2026-02-20' } },
    });
  });

  it('takes the kind of an ESB record from the filing it answers, and asks for what the record does not say', async () => {
    expect(noticeTypeOf(esb)).toBe('corporate_income_tax');
    expect(noticeTypeOf({ datenart: 'ESB' })).toBeUndefined();
    expect(paths(await fromNotice({ notice_id: id }, contextWith(esb)))).toEqual(['tax_number REQUIRED', 'notice.date REQUIRED']);
    const given = await fromNotice({ notice_id: id, tax_number: { state: 'BY', number: '198/113/10010' }, notice: { date: '2026-02-20' } }, contextWith(esb));
    expect(given).toMatchObject({ input: { notice: { type: 'corporate_income_tax', date: '2026-02-20' }, year: 2024 } });
  });

  it('holds a tax number it cannot take to the tax office and last digits the notice keeps', async () => {
    const other = await fromNotice({ notice_id: id, tax_number: '9198011310029', notice: { date: '2026-02-20' } }, contextWith(esb));
    expect(paths(other)).toEqual(['tax_number NOTICE_MISMATCH']);
  });

  it('refuses a notice that is not the caller’s, and leaves a body naming none, or in XML, as it came', async () => {
    expect(paths(await fromNotice({ notice_id: id }, contextWith(undefined)))).toEqual(['notice_id NOTICE_NOT_FOUND']);
    expect(paths(await fromNotice({ notice_id: 5 }, contextWith(diva)))).toEqual(['notice_id NOTICE_NOT_FOUND']);
    expect(paths(await fromNotice({ notice_id: id }, { today: '2026-03-02', liveSubmissionsAllowed: false }))).toEqual(['notice_id NOTICE_NOT_FOUND']);
    for (const body of [{ year: 2024 }, { notice_id: id, xml: '<Einspruch/>' }, 'text'])
      expect(await fromNotice(body, contextWith(diva))).toEqual({ input: body });
  });
});
