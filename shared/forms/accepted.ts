// What every accepted body of either form carries, and the guard every form runs on a live filing.
import type { Finding } from '#shared/domain/ticket.ts';
import { isTestIdNr, isTestTaxOffice, taxOfficeOf } from '#shared/tax/test-cases.ts';

export interface AcceptedBody {
  test: boolean;
  year: number;
  tax_number?: string;
  tax_office?: string;
  /** The USt-IdNr that names the filer of a form filed by it instead of a tax number (the ZM). */
  vat_id?: string;
  client_reference?: string;
  certificate_id?: string;
  bescheiddaten?: boolean;
  taxpayer?: { idnr?: string | undefined };
  spouse?: { idnr?: string | undefined } | null;
}

/** An IdNr a filing names, and where: a field of the request, or an element of the caller's XML. */
export interface NamedIdnr {
  path: string;
  idnr: string;
}

/**
 * `test: false` needs the service to allow live submissions (`allowed`), and a live return may never
 * name a test tax office or a test IdNr: those exist only for the Testmerker. `xmlIdnrs` are those the
 * caller's own XML names, held to the same rule as the structured fields.
 */
export function liveFindings(body: AcceptedBody, allowed: boolean, xmlIdnrs: readonly NamedIdnr[] = []): Finding[] {
  if (body.test) return [];
  if (!allowed) {
    return [{ path: 'test', code: 'LIVE_NOT_ALLOWED', message: 'test: false needs ALLOW_LIVE_SUBMISSIONS=true on the service' }];
  }
  const offices: Finding[] = testOfficesIn(body).map((path) => ({
    path,
    code: 'TEST_TAX_OFFICE_NOT_LIVE',
    message: 'names a test tax office, which may only be sent with test: true',
  }));
  const idnrs: Finding[] = [...idnrsOf(body), ...xmlIdnrs]
    .filter(({ idnr }) => isTestIdNr(idnr))
    .map(({ path }) => ({ path, code: 'TEST_IDNR_NOT_LIVE', message: 'is a test identification number, which may only be sent with test: true' }));
  return [...offices, ...idnrs];
}

function testOfficesIn(body: AcceptedBody): string[] {
  const paths: string[] = [];
  if (body.tax_number && isTestTaxOffice(taxOfficeOf(body.tax_number))) paths.push('tax_number');
  if (body.tax_office && isTestTaxOffice(body.tax_office)) paths.push('tax_office');
  return paths;
}

const idnrsOf = (body: AcceptedBody): NamedIdnr[] =>
  (['taxpayer', 'spouse'] as const).flatMap((person) => {
    const idnr = body[person]?.idnr;
    return idnr ? [{ path: `${person}.idnr`, idnr }] : [];
  });
