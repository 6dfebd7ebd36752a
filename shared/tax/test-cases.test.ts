import { describe, expect, it } from 'vitest';
import { isTestIdNr, isTestTaxOffice, taxOfficeOf } from '#shared/tax/test-cases.ts';

describe('test cases', () => {
  it.each(['9198', '9172', '9299', '1194', '1198', '2866', '2875', '2497', '2698', '5192', '5624', '2749', '2198', '1096', '3249', '3196', '4198'])(
    'knows %s as a test tax office',
    (bufa) => expect(isTestTaxOffice(bufa)).toBe(true),
  );

  it.each(['9181', '9174', '9281', '1193', '1199', '2874', '2654', '5425', '5499', '3197', '2202', '0000', ''])(
    'knows %s as a real (or no) tax office',
    (bufa) => expect(isTestTaxOffice(bufa)).toBe(false),
  );

  it('reads the tax office from an ELSTER tax number and tells test IdNrs by their leading zero', () => {
    expect(taxOfficeOf('9198011310010')).toBe('9198');
    expect(isTestIdNr('02476291358')).toBe(true);
    expect(isTestIdNr('86095742719')).toBe(false);
  });
});
