import { describe, expect, it } from 'vitest';
import { newCertificateId, newestFirst, type CertificateRecord } from '#shared/domain/certificate.ts';
import { certificatePage, certificateQuery } from '#shared/http/certificate-listing.ts';
import { maxListAnswerBytes } from '#shared/http/list-page.ts';

const sealed = { key: 'a2V5', iv: 'aXY=', tag: 'dGFn', data: 'ZGF0YQ==' };
const now = new Date('2026-11-24T10:00:00.000Z');
const record = (created_at: string, serial = '01'): CertificateRecord => ({
  client_id: 'client-a',
  certificate_id: newCertificateId(),
  subject: 'CN=Muster GmbH',
  issuer: 'CN=ELSTER',
  serial,
  not_before: '2026-01-01T00:00:00.000Z',
  not_after: '2027-01-01T00:00:00.000Z',
  fingerprint_sha256: 'ab'.repeat(32),
  key_type: 'rsa',
  key_bits: 2048,
  pin_storage: 'stored',
  created_at,
  container: sealed,
  pin: sealed,
});

/** Every page from the first, following the cursors; `between` runs before each page after the first. */
function walk(records: CertificateRecord[], between: (previous: ReturnType<typeof certificatePage>) => void = () => {}) {
  const pages = [certificatePage(records, undefined, now)];
  while (pages.at(-1)!.next_cursor !== null) {
    between(pages.at(-1)!);
    pages.push(certificatePage(records, certificateQuery({ cursor: pages.at(-1)!.next_cursor! }).after, now));
  }
  return pages;
}

const ids = (pages: ReturnType<typeof certificatePage>[]) => pages.flatMap((page) => page.certificates.map((shown) => shown.certificate_id));

describe('certificatePage', () => {
  it('holds every certificate, newest first, on one page when they fit', () => {
    const records = [record('2026-11-01T00:00:00.000Z'), record('2026-11-02T00:00:00.000Z')].sort(newestFirst);
    const page = certificatePage(records, undefined, now);
    expect(page.certificates.map((shown) => shown.certificate_id)).toEqual(records.map((kept) => kept.certificate_id));
    expect(page.next_cursor).toBeNull();
    expect(page.certificates[0]).not.toHaveProperty('container');
  });

  it('holds as many as fit in an answer, and its cursors walk every certificate once, whatever is deleted between pages', () => {
    // Subject and issuer are cut when shown; a serial, which no upload bounds, is not.
    const long = 'ab'.repeat(30_000);
    const records = Array.from({ length: 60 }, (_, i) => record(`2026-11-01T00:00:${String(i % 30).padStart(2, '0')}.000Z`, long)).sort(newestFirst);
    const pages = walk(records);
    expect(pages.length).toBeGreaterThan(2);
    for (const page of pages) expect(Buffer.byteLength(JSON.stringify(page))).toBeLessThan(maxListAnswerBytes - 4096);
    expect(ids(pages)).toEqual(records.map((kept) => kept.certificate_id));

    // The last certificate of each page is deleted before the next page is read.
    const left = [...records];
    const deleting = walk(left, (previous) =>
      left.splice(
        left.findIndex((kept) => kept.certificate_id === previous.certificates.at(-1)!.certificate_id),
        1,
      ),
    );
    expect(ids(deleting)).toEqual(records.map((kept) => kept.certificate_id));
  });
});

describe('certificateQuery', () => {
  it('refuses a cursor not handed out, and a parameter the listing does not take', () => {
    const large = (created_at: string) => record(created_at, 'x'.repeat(600_000));
    const handedOut = certificatePage([large('2026-11-01T00:00:00.000Z'), large('2026-10-01T00:00:00.000Z')], undefined, now).next_cursor!;
    expect(certificateQuery({ cursor: handedOut }).after).toMatchObject({ created_at: '2026-11-01T00:00:00.000Z' });
    for (const cursor of [
      '',
      'abc',
      `${handedOut}x`,
      Buffer.from('2026-11-01 crt_x').toString('base64url'),
      Buffer.from(`2026-11-01T00:00:00.000Z ${newCertificateId()} x`).toString('base64url'),
    ]) {
      expect(() => certificateQuery({ cursor }), cursor).toThrow(
        expect.objectContaining({ status: 400, details: [expect.objectContaining({ path: 'cursor', code: 'CURSOR_INVALID' })] }),
      );
    }
    expect(() => certificateQuery({ limit: '5' })).toThrow(expect.objectContaining({ details: [expect.objectContaining({ code: 'PARAMETER_UNKNOWN' })] }));
  });
});
