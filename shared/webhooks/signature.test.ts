import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '#shared/config.ts';
import { parseSecrets, signWebhook } from '#shared/webhooks/signature.ts';

const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
const id = 'msg_2KWPBgLlAfxdpx2AI54pPJ';
const body = '{"ticket":"tk_AAAAAAAAAAAAAAAAAAAAAA","file_name":"Übertragungsprotokoll.pdf"}';

function headersFor(signature: string, timestamp = Math.floor(Date.now() / 1000), messageId = id) {
  return { 'webhook-id': messageId, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature };
}

/** Verification as a receiver using the reference library does it. */
const verifies = (secret: string, payload: string, headers: Record<string, string>) => {
  try {
    new Webhook(secret).verify(payload, headers, { jsonParse: false });
    return true;
  } catch {
    return false;
  }
};

describe('signWebhook', () => {
  it('signs so that the standardwebhooks library verifies it', () => {
    const secret = newSecret();
    const now = Math.floor(Date.now() / 1000);
    const signature = signWebhook(parseSecrets(secret), id, now, body);
    expect(signature).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(verifies(secret, body, headersFor(signature, now))).toBe(true);
    expect(signature).toBe(new Webhook(secret).sign(id, new Date(now * 1000), body));
  });

  it('signs with every secret, so a receiver holding any one of them verifies', () => {
    const secrets = [newSecret(), newSecret(), newSecret()];
    const signature = signWebhook(parseSecrets(secrets.join(' ')), id, Math.floor(Date.now() / 1000), body);
    expect(signature.split(' ')).toHaveLength(3);
    for (const secret of secrets) expect(verifies(secret, body, headersFor(signature))).toBe(true);
    expect(verifies(newSecret(), body, headersFor(signature))).toBe(false);
  });

  it('does not verify for a tampered body, another id or another timestamp', () => {
    const secret = newSecret();
    const now = Math.floor(Date.now() / 1000);
    const signature = signWebhook(parseSecrets(secret), id, now, body);
    expect(verifies(secret, body.replace('tk_A', 'tk_B'), headersFor(signature, now))).toBe(false);
    expect(verifies(secret, `${body} `, headersFor(signature, now))).toBe(false);
    expect(verifies(secret, body, headersFor(signature, now, 'msg_other'))).toBe(false);
    expect(verifies(secret, body, headersFor(signature, now - 1))).toBe(false);
  });
});

describe('parseSecrets', () => {
  it('reads nothing from an unset or blank variable', () => {
    expect(parseSecrets(undefined)).toEqual([]);
    expect(parseSecrets('  ')).toEqual([]);
  });

  it('reads the key bytes after whsec_, for each space-separated secret', () => {
    const key = randomBytes(24);
    const keys = parseSecrets(` whsec_${key.toString('base64')}  ${newSecret()} `);
    expect(keys).toHaveLength(2);
    expect(keys[0]!.equals(key)).toBe(true);
  });

  it.each([
    ['no prefix', randomBytes(24).toString('base64')],
    ['another prefix', `wh_${randomBytes(24).toString('base64')}`],
    ['no key', 'whsec_'],
    ['a short key', 'whsec_c2hvcnQ='],
    ['not base64', `whsec_${'!'.repeat(32)}`],
    ['one bad secret among good ones', `${newSecret()} secret`],
  ])('refuses %s, naming the variable but not the value', (_, text) => {
    expect(() => parseSecrets(text)).toThrow(ConfigError);
    expect(() => parseSecrets(text)).toThrow(/^HOOK_SECRET /);
    expect(() => parseSecrets(text, 'RECEIVER_SECRET')).toThrow(/^RECEIVER_SECRET /);
    let message = '';
    try {
      parseSecrets(text);
    } catch (error) {
      message = (error as Error).message;
    }
    for (const part of text.split(' ')) if (part.length > 8) expect(message).not.toContain(part);
  });
});
