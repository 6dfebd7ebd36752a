// A form's check reads nothing of configuration or the clock: the day and whether live submissions
// are allowed are what its caller hands it.
import { describe, expect, it } from 'vitest';
import { checkEst } from '#shared/forms/est/check.ts';
import { checkUstva } from '#shared/forms/ustva/check.ts';
import { estSample, ustvaSample } from '#test/support/samples.ts';

const codes = (findings: { code: string }[]) => findings.map(({ code }) => code);

describe('a check', () => {
  it('judges the filing window on the day it is handed', async () => {
    const body = { ...estSample(), year: 2022 };
    expect(codes((await checkEst(body, { today: '2026-11-24', liveSubmissionsAllowed: false })).findings)).not.toContain('YEAR_CLOSED');
    expect(codes((await checkEst(body, { today: '2027-01-04', liveSubmissionsAllowed: false })).findings)).toContain('YEAR_CLOSED');
    // A year beyond the form's, too: the schema names it no year of the form, the day why it cannot be filed.
    const later = { ...estSample(), year: 2027 };
    expect((await checkEst(later, { today: '2026-11-24', liveSubmissionsAllowed: false })).findings).toContainEqual(
      expect.objectContaining({ path: 'year', code: 'YEAR_NOT_ENDED', expected: '2028-01-01' }),
    );
  });

  it('lets a live filing past the first guard only where it is told live submissions are allowed', async () => {
    const live = { ...ustvaSample(), test: false };
    expect(codes((await checkUstva(live, { today: '2026-11-24', liveSubmissionsAllowed: false })).findings)).toContain('LIVE_NOT_ALLOWED');
    // Allowed, the sample's test tax office is what keeps it from going live.
    const allowed = codes((await checkUstva(live, { today: '2026-11-24', liveSubmissionsAllowed: true })).findings);
    expect(allowed).not.toContain('LIVE_NOT_ALLOWED');
    expect(allowed).toContain('TEST_TAX_OFFICE_NOT_LIVE');
  });
});
