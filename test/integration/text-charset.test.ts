// Free text over HTTP: a character ELSTER does not accept (here the invisible and bidirectional
// ones that could make a name read otherwise than it is filed) is refused by validation and by
// submission alike, with the field and the character's position; German text goes through.

import { describe, expect, it } from 'vitest';
import { serviceOfFile } from '#test/support/local-service.ts';
import { estSample, ustvaSample } from '#test/support/samples.ts';

const service = serviceOfFile();

const validate = (kind: 'ustva' | 'est', body: unknown) => service.post(`/v2/${kind}/validate`, body);

type Body = Record<string, any>;

// Each character in another free-text field, named by its path; `Mu` + character puts it at position 3.
const cases: { character: string; name: string; ustva: string; est: string }[] = [
  { character: '\u202e', name: 'U+202E (RIGHT-TO-LEFT OVERRIDE)', ustva: 'supplier.name', est: 'taxpayer.last_name' },
  { character: '\u202d', name: 'U+202D (LEFT-TO-RIGHT OVERRIDE)', ustva: 'supplier.street', est: 'taxpayer.first_name' },
  { character: '\u200b', name: 'U+200B (ZERO WIDTH SPACE)', ustva: 'supplier.city', est: 'taxpayer.address.street' },
  { character: '\ufeff', name: 'U+FEFF (ZERO WIDTH NO-BREAK SPACE)', ustva: 'client_reference', est: 'taxpayer.address.city' },
  { character: '\u2028', name: 'U+2028 (LINE SEPARATOR)', ustva: 'supplier.email', est: 'client_reference' },
];

/** `body` with `text` at the dotted `path`. */
const put = (body: Body, path: string, text: string) => {
  const names = path.split('.');
  names.slice(0, -1).reduce((at, name) => at[name], body)[names.at(-1)!] = text;
  return body;
};

describe.each(['ustva', 'est'] as const)('%s free text', (kind) => {
  const sample = () => (kind === 'ustva' ? ustvaSample() : estSample()) as Body;

  describe.each(cases)('with $name', (testCase) => {
    const path = testCase[kind];
    const body = put(sample(), path, `Mu${testCase.character}ster`);
    const finding = {
      path,
      code: 'TEXT_CHARSET',
      message: `contains ${testCase.name} at position 3, which ELSTER does not accept; remove it`,
    };

    it('is not valid, and validation names the field and the position', async () => {
      const reply = await validate(kind, body);
      expect(reply.status).toBe(200);
      expect(reply.json.data.valid).toBe(false);
      expect(reply.json.data.findings).toEqual([expect.objectContaining(finding)]);
    });

    it('is refused with 422 naming the same', async () => {
      const reply = await service.submit(kind, body);
      expect(reply.status).toBe(422);
      expect(reply.json.error.code).toBe('VALIDATION_FAILED');
      expect(reply.json.error.details).toEqual([expect.objectContaining(finding)]);
    });
  });

  it('keeps umlauts, ß, €, accents and ordinary punctuation, up to delivery', async () => {
    const body = sample();
    body.client_reference = 'Rechnung 12/2026 (Müller & Söhne): 1.234,50 € - "bezahlt"; Straße #7 @ Café';
    if (kind === 'ustva')
      body.supplier = { ...body.supplier, name: 'Bäckerei Größe & Söhne GmbH', street: "Juni-Str. 1/2a, c/o O'Neill", city: 'Frankfurt (Oder)' };
    else
      body.taxpayer = {
        ...body.taxpayer,
        first_name: 'Zoë-Françoise',
        last_name: 'Großmann-Çelik',
        address: { ...body.taxpayer.address, street: 'Äußere Maximilianstr.' },
      };

    const validation = await validate(kind, body);
    expect(validation.json.data).toMatchObject({ valid: true });
    expect(validation.json.data.findings.filter((f: { severity?: string }) => f.severity !== 'hint')).toEqual([]);

    const reply = await service.submit(kind, body);
    expect(reply.status).toBe(202);
    const ticket = await service.waitForStatus(reply.json.data.ticket, ['delivered', 'rejected', 'failed']);
    expect(ticket).toMatchObject({ status: 'delivered', client_reference: body.client_reference });
  });
});
