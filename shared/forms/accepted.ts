// What every accepted body of either form carries, and the guard every form runs on a live filing.
import { allowLiveSubmissions } from '#shared/config.ts';
import type { Finding } from '#shared/domain/ticket.ts';
import { isTestIdNr, isTestTaxOffice, taxOfficeOf } from '#shared/tax/test-cases.ts';

export interface AcceptedBody {
  test: boolean;
  year: number;
  tax_number?: string;
  tax_office?: string;
  client_reference?: string;
  certificate_id?: string;
  taxpayer?: { idnr: string };
  spouse?: { idnr: string } | null;
}

/**
 * `test: false` needs the service to allow live submissions, and a live return may never name a
 * test tax office or a test IdNr: those exist only for the Testmerker.
 */
export function liveFindings(body: AcceptedBody): Finding[] {
  if (body.test) return [];
  if (!allowLiveSubmissions()) {
    return [{ path: 'test', code: 'LIVE_NOT_ALLOWED', message: 'test: false needs ALLOW_LIVE_SUBMISSIONS=true on the service' }];
  }
  return testCasesIn(body).map((path) => ({
    path,
    code: path.endsWith('idnr') ? 'TEST_IDNR_NOT_LIVE' : 'TEST_TAX_OFFICE_NOT_LIVE',
    message: path.endsWith('idnr')
      ? 'is a test identification number, which may only be sent with test: true'
      : 'names a test tax office, which may only be sent with test: true',
  }));
}

function testCasesIn(body: AcceptedBody): string[] {
  const paths: string[] = [];
  if (body.tax_number && isTestTaxOffice(taxOfficeOf(body.tax_number))) paths.push('tax_number');
  if (body.tax_office && isTestTaxOffice(body.tax_office)) paths.push('tax_office');
  for (const person of ['taxpayer', 'spouse'] as const) {
    const idnr = body[person]?.idnr;
    if (idnr && isTestIdNr(idnr)) paths.push(`${person}.idnr`);
  }
  return paths;
}
