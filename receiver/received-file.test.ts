import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HttpError } from '#shared/http/http-error.ts';
import { decodePdf, parseWebhookBody, pdfFileName, receivedPath, safeSegment, sha256 } from '#receiver/received-file.ts';
import { samplePdf } from '#test/support/pdf.ts';

const pdf = await samplePdf('protocol');
const pdfBase64 = pdf.toString('base64');
// Trailing line breaks after %%EOF change the length, and with it the padding of the base64.
const padded = (breaks: number) => Buffer.concat([pdf, Buffer.from('\n'.repeat(breaks))]).toString('base64');

async function refusal(content: string): Promise<unknown> {
  return decodePdf(content).then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('decodePdf', () => {
  it('decodes the base64 of a PDF', async () => {
    expect(Buffer.from(await decodePdf(pdfBase64)).equals(pdf)).toBe(true);
  });

  it('accepts base64 with no, one and two padding characters', async () => {
    const contents = [0, 1, 2].map(padded);
    expect(new Set(contents.map((content) => content.match(/=*$/)![0].length))).toEqual(new Set([0, 1, 2]));
    for (const content of contents)
      expect(
        Buffer.from(await decodePdf(content))
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
  });

  it.each([
    ['base64url', pdfBase64.replaceAll('+', '-').replaceAll('/', '_')],
    ['missing padding', padded(1).replace(/=+$/, '')],
    ['line breaks', pdfBase64.replace(/(.{8})/g, '$1\n')],
    ['spaces', ` ${pdfBase64}`],
    ['a data URL', `data:application/pdf;base64,${pdfBase64}`],
    ['padding in the middle', `${padded(1)}AAAA`],
    ['an empty string', ''],
  ])('refuses base64 with %s', async (_, content) => {
    expect(await refusal(content)).toBeInstanceOf(HttpError);
  });

  it.each([
    ['something that is not a PDF', Buffer.from('<html>%PDF-</html>')],
    ['a PDF header and nothing else', Buffer.from('%PDF-1.7\n%%EOF\n')],
    ['a PDF header followed by noise', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 7), Buffer.from('\n%%EOF\n')])],
    ['a PDF cut off halfway', pdf.subarray(0, pdf.length / 2)],
    ['a PDF with an object that does not parse', Buffer.from(pdf.toString('latin1').replace(' 0 obj', ' 0 obj )('), 'latin1')],
  ])('refuses well-formed base64 of %s, with a NOT_A_PDF finding', async (_, bytes) => {
    expect(await refusal(bytes.toString('base64'))).toMatchObject({
      status: 422,
      code: 'VALIDATION_FAILED',
      details: [{ path: 'file_content', code: 'NOT_A_PDF', message: expect.any(String) }],
    });
  });

  it('refuses a body shorter than the magic', async () => {
    expect(await refusal(Buffer.from('%PD').toString('base64'))).toBeInstanceOf(HttpError);
  });
});

describe('safeSegment', () => {
  it.each([
    ['a plain name', 'Uebertragungsprotokoll_ustva_tk_A-b.pdf', 'Uebertragungsprotokoll_ustva_tk_A-b.pdf'],
    ['a climb out', '../../etc/passwd', '_.._etc_passwd'],
    ['a Windows climb out', '..\\..\\boot.ini', '_.._boot.ini'],
    ['an absolute path', '/etc/passwd', '_etc_passwd'],
    ['a NUL byte', 'a.pdf\u0000.exe', 'a.pdf_.exe'],
    ['unicode', 'Übertragung ä.pdf', '_bertragung__.pdf'],
    ['a hidden name', '.htaccess', 'htaccess'],
    ['CR/LF', 'a\r\nb', 'a__b'],
  ])('makes %s one harmless segment', (_, name, expected) => {
    const segment = safeSegment(name, 'fallback');
    expect(segment).toBe(expected);
    expect(segment).toMatch(/^[A-Za-z0-9_-][A-Za-z0-9._-]*$/);
  });

  it.each(['', '.', '..', '...'])('uses the fallback for %j', (name) => {
    expect(safeSegment(name, 'protocol.pdf')).toBe('protocol.pdf');
  });

  it('cuts a long name to 120 characters', () => {
    expect(safeSegment('a'.repeat(500), 'x')).toHaveLength(120);
  });
});

const ticket = 'tk_AbCdEfGhIjKlMnOpQrSt-_';

describe('pdfFileName', () => {
  it.each([
    ['a PDF name as it is', 'Uebertragungsprotokoll.pdf', 'Uebertragungsprotokoll.pdf'],
    ['an upper-case extension', 'P.PDF', 'P.PDF'],
    ['.pdf added when missing', 'protocol', 'protocol.pdf'],
    ['.pdf added to another extension', 'evil.exe', 'evil.exe.pdf'],
    ['.pdf added after cutting a long name', `${'a'.repeat(300)}.pdf`, `${'a'.repeat(120)}.pdf`],
    ['the fallback for nothing usable', '..', 'protocol.pdf'],
  ])('keeps %s', (_, name, expected) => {
    expect(pdfFileName(name)).toBe(expected);
  });
});

describe('receivedPath', () => {
  it('is the ticket folder and the safe PDF name', () => {
    expect(receivedPath({ ticket, file_name: '../../etc/passwd', file_content: pdfBase64 })).toBe(`${ticket}/_.._etc_passwd.pdf`);
  });
});

describe('parseWebhookBody', () => {
  const body = { ticket, transfer_ticket: 't', file_name: 'p.pdf', file_content: pdfBase64, store: true };

  it('accepts the webhook body and keeps extra fields', () => {
    expect(parseWebhookBody({ ...body, kind: 'ustva' })).toEqual({ ...body, kind: 'ustva' });
  });

  it('lists every missing or wrong field', () => {
    let thrown: unknown;
    try {
      parseWebhookBody({ ticket: '', store: 'yes' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ status: 422, code: 'VALIDATION_FAILED' });
    expect((thrown as HttpError).details.map(({ path, code }) => `${path}:${code}`)).toEqual([
      'ticket:INVALID_FORMAT',
      'file_name:REQUIRED',
      'file_content:REQUIRED',
      'store:INVALID_TYPE',
    ]);
  });

  it.each(['tk_x', `${ticket}A`, ' tk_AbCdEfGhIjKlMnOpQrSt-_', 'tk_AbCdEfGhIjKlMnOpQr/..', '../../../../../../../../../..'])(
    'refuses the ticket %j, which is no ticket ID',
    (other) => {
      expect(() => parseWebhookBody({ ...body, ticket: other })).toThrow(
        expect.objectContaining({ status: 422, details: [expect.objectContaining({ path: 'ticket' })] }),
      );
    },
  );
});

describe('sha256', () => {
  it('is the hex SHA-256 of the bytes', () => {
    expect(sha256(pdf)).toBe(createHash('sha256').update(pdf).digest('hex'));
    expect(sha256(new Uint8Array())).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});
