import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifySignature } from '#receiver/verify-signature.ts';
import { parseSecrets, signWebhook } from '#shared/webhooks/signature.ts';

const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
const body = '{"ticket":"tk_AAAAAAAAAAAAAAAAAAAAAA"}';
const now = () => Math.floor(Date.now() / 1000);

function signed(secret: string, options: { id?: string; timestamp?: number; payload?: string } = {}) {
  const id = options.id ?? 'msg_1';
  const timestamp = options.timestamp ?? now();
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(parseSecrets(secret), id, timestamp, options.payload ?? body),
  };
}

const failureOf = (run: () => void) => {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('verifySignature', () => {
  it('checks nothing without keys', () => {
    expect(() => verifySignature(body, {}, [])).not.toThrow();
  });

  it('accepts a delivery signed with the secret', () => {
    const secret = newSecret();
    expect(() => verifySignature(body, signed(secret), parseSecrets(secret))).not.toThrow();
  });

  it('accepts a delivery signed with any one of several secrets, as while rotating', () => {
    const [old, current] = [newSecret(), newSecret()];
    const keys = parseSecrets(`${old} ${current}`);
    expect(() => verifySignature(body, signed(old), keys)).not.toThrow();
    expect(() => verifySignature(body, signed(current), keys)).not.toThrow();
  });

  it.each([
    ['no signature headers', () => ({}), 'MISSING_SIGNATURE'],
    ['another secret', () => signed(newSecret()), 'INVALID_SIGNATURE'],
    ['a tampered body', (secret: string) => signed(secret, { payload: body.replace('AAAA', 'AAAB') }), 'INVALID_SIGNATURE'],
    ['another webhook-id', (secret: string) => ({ ...signed(secret), 'webhook-id': 'msg_2' }), 'INVALID_SIGNATURE'],
    ['a timestamp 10 minutes old', (secret: string) => signed(secret, { timestamp: now() - 600 }), 'TIMESTAMP_OUT_OF_TOLERANCE'],
    ['a timestamp 10 minutes ahead', (secret: string) => signed(secret, { timestamp: now() + 600 }), 'TIMESTAMP_OUT_OF_TOLERANCE'],
  ])('refuses %s with 401', (_, headers: (secret: string) => Record<string, string>, code) => {
    const secret = newSecret();
    const error = failureOf(() => verifySignature(body, headers(secret), parseSecrets(`${newSecret()} ${secret}`)));
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED', details: [{ code }] });
    expect(JSON.stringify(error)).not.toContain(secret.slice(6));
  });
});
