// A filing to a tax office that has been dissolved: for a period that ended while ELSTER still took
// its number, accepted with a hint naming the office that took over; for a later one, refused.
import type { Finding } from '#shared/domain/ticket.ts';
import type { AcceptedBody } from '#shared/forms/accepted.ts';
import { periodDays } from '#shared/forms/filing-window.ts';
import { dissolvedTaxOffice } from '#shared/tax/dissolved-tax-offices.ts';
import { taxOfficeOf } from '#shared/tax/test-cases.ts';

// ELSTER's Zeitraum of a period: a month, a quarter or the whole year (filing-window.ts).
const zeitraum = /^(?:0[1-9]|1[0-2]|4[1-4]|19)$/;

/** The last day of the period a filing is for: its Zeitraum's, or its year's where it names none. */
const lastDayOf = (year: number, period: string | undefined) =>
  period !== undefined && zeitraum.test(period) ? periodDays(year, period).last : `${year}-12-31`;

/** The offices a filing names by `tax_number` or `tax_office`, held to the period it is for (`period`: its Zeitraum, where it has one). */
export function dissolvedOfficeFindings(body: AcceptedBody, period?: string): Finding[] {
  const places = [
    ['tax_number', body.tax_number === undefined ? undefined : taxOfficeOf(body.tax_number)],
    ['tax_office', body.tax_office],
  ] as const;
  const last = lastDayOf(body.year, period);
  return places.flatMap(([path, bufa]) => {
    const dissolved = bufa === undefined ? undefined : dissolvedTaxOffice(bufa);
    if (bufa === undefined || dissolved === undefined) return [];
    // By number: the offices' names are a table too large for every submit function (bundle-size.test.ts); the protocol names them.
    const successor = `the tax office ${dissolved.successor}`;
    if (last <= dissolved.until) {
      const message = `names the tax office ${bufa}, dissolved: ${successor} took over; ELSTER took ${bufa} until ${dissolved.until}, so a filing for a period that ended by then is sent to it, but a later letter gives the tax number to use from now on`;
      return [{ path, code: 'TAX_OFFICE_DISSOLVED', message, expected: dissolved.successor, severity: 'hint' as const }];
    }
    const message = `names the tax office ${bufa}, dissolved: ELSTER took ${bufa} until ${dissolved.until}, and this filing's period ends after that: file it with ${successor}, under the tax number its letters give`;
    return [{ path, code: 'TAX_OFFICE_DISSOLVED', message, expected: dissolved.successor }];
  });
}
