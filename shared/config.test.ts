import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  decimal,
  flag,
  webhookConfig,
  httpUrl,
  oneOf,
  redriveConfig,
  resendIsSafe,
  text,
  today,
  transmitConfig,
  wholeNumber,
} from '#shared/config.ts';

const range = { min: 1, max: 10 };

describe('text', () => {
  it('returns the trimmed value, else the fallback', () => {
    expect(text('NAME', undefined, { NAME: '  value ' })).toBe('value');
    expect(text('NAME', 'fallback', { NAME: '   ' })).toBe('fallback');
    expect(text('NAME', 'fallback', {})).toBe('fallback');
  });

  it('names the variable when it is missing', () => {
    expect(() => text('BUCKET', undefined, {})).toThrow(new ConfigError('BUCKET is not set'));
    expect(() => text('BUCKET', undefined, { BUCKET: ' ' })).toThrow(ConfigError);
  });
});

describe('flag', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['0', false],
    ['true', true],
    [' TRUE ', true],
    ['1', true],
  ])('reads %j as %s', (value, expected) => {
    expect(flag('HOOK_ENABLED', { HOOK_ENABLED: value })).toBe(expected);
  });

  it('names the variable and the value it refuses', () => {
    expect(() => flag('HOOK_ENABLED', { HOOK_ENABLED: 'yes' })).toThrow(/^HOOK_ENABLED must be "true" or "false", got "yes"$/);
  });
});

describe('wholeNumber', () => {
  it('reads a number in range, else the fallback when unset', () => {
    expect(wholeNumber('N', 5, range, { N: ' 7 ' })).toBe(7);
    expect(wholeNumber('N', 5, range, { N: '1' })).toBe(1);
    expect(wholeNumber('N', 5, range, { N: '10' })).toBe(10);
    expect(wholeNumber('N', 5, range, {})).toBe(5);
    expect(wholeNumber('N', 5, range, { N: '' })).toBe(5);
  });

  it.each(['0', '11', '2.5', 'ten', '-1', 'Infinity'])('refuses %s, naming the variable and the range', (value) => {
    expect(() => wholeNumber('HOOK_MAX_ATTEMPTS', 5, range, { HOOK_MAX_ATTEMPTS: value })).toThrow(
      new ConfigError(`HOOK_MAX_ATTEMPTS must be a whole number from 1 to 10, got "${value}"`),
    );
  });
});

describe('decimal', () => {
  it('reads a fraction in range', () => {
    expect(decimal('RATE', 0, { min: 0, max: 1 }, { RATE: '0.25' })).toBe(0.25);
    expect(decimal('RATE', 0.5, { min: 0, max: 1 }, {})).toBe(0.5);
  });

  it.each(['1.5', '-0.1', 'NaN', 'half'])('refuses %s, naming the variable', (value) => {
    expect(() => decimal('SANDBOX_FAILURE_RATE', 0, { min: 0, max: 1 }, { SANDBOX_FAILURE_RATE: value })).toThrow(
      /^SANDBOX_FAILURE_RATE must be a number from 0 to 1/,
    );
  });
});

describe('oneOf', () => {
  it('reads an allowed value, else the fallback', () => {
    expect(oneOf('TAX_AUTHORITY', ['sandbox', 'eric'], 'sandbox', { TAX_AUTHORITY: 'eric' })).toBe('eric');
    expect(oneOf('TAX_AUTHORITY', ['sandbox', 'eric'], 'sandbox', {})).toBe('sandbox');
  });

  it('names the variable and the choices', () => {
    expect(() => oneOf('TAX_AUTHORITY', ['sandbox', 'eric'], 'sandbox', { TAX_AUTHORITY: 'Sandbox' })).toThrow(
      new ConfigError('TAX_AUTHORITY must be one of sandbox, eric, got "Sandbox"'),
    );
  });
});

describe('httpUrl', () => {
  it('accepts http and https URLs', () => {
    expect(httpUrl('HOOK_URI', undefined, { HOOK_URI: 'https://example.com/hook' })).toBe('https://example.com/hook');
    expect(httpUrl('HOOK_URI', undefined, { HOOK_URI: 'http://127.0.0.1:8080' })).toBe('http://127.0.0.1:8080/');
  });

  it.each(['not a url', '/relative/path', 'example.com/hook'])('refuses %s, naming the variable', (value) => {
    expect(() => httpUrl('HOOK_URI', undefined, { HOOK_URI: value })).toThrow(/^HOOK_URI must be an absolute http\(s\) URL/);
  });

  it.each(['ftp://example.com/x', 'file:///etc/passwd', 'javascript:alert(1)'])('refuses the scheme of %s', (value) => {
    expect(() => httpUrl('HOOK_URI', undefined, { HOOK_URI: value })).toThrow(/^HOOK_URI must use http or https/);
  });

  it('names the variable when it is missing', () => {
    expect(() => httpUrl('HOOK_URI', undefined, {})).toThrow(/^HOOK_URI is not set$/);
  });
});

describe('webhookConfig', () => {
  it('is off with defaults and needs no URI then', () => {
    expect(webhookConfig({})).toEqual({ enabled: false, uri: '', timeoutMs: 10_000, maxAttempts: 8, backoffScale: 1 });
    expect(webhookConfig({ HOOK_ENABLED: 'false', HOOK_URI: 'not a url' }).enabled).toBe(false);
  });

  it('requires a valid http(s) HOOK_URI when on', () => {
    expect(() => webhookConfig({ HOOK_ENABLED: 'true' })).toThrow(/^HOOK_URI is not set$/);
    expect(() => webhookConfig({ HOOK_ENABLED: 'true', HOOK_URI: 'ftp://example.com' })).toThrow(/^HOOK_URI /);
    expect(() => webhookConfig({ HOOK_ENABLED: 'true', HOOK_URI: 'nonsense' })).toThrow(/^HOOK_URI /);
  });

  it('reads every setting when on', () => {
    expect(
      webhookConfig({
        HOOK_ENABLED: 'true',
        HOOK_URI: 'https://example.com/hook',
        HOOK_TIMEOUT_MS: '2500',
        HOOK_MAX_ATTEMPTS: '3',
        HOOK_BACKOFF_SCALE: '0.01',
      }),
    ).toEqual({ enabled: true, uri: 'https://example.com/hook', timeoutMs: 2500, maxAttempts: 3, backoffScale: 0.01 });
  });

  it('reads a backoff scale from 0 to 1', () => {
    expect(webhookConfig({ HOOK_BACKOFF_SCALE: '0' }).backoffScale).toBe(0);
    expect(webhookConfig({ HOOK_BACKOFF_SCALE: ' 1 ' }).backoffScale).toBe(1);
    expect(webhookConfig({ HOOK_BACKOFF_SCALE: '' }).backoffScale).toBe(1);
    for (const value of ['1.5', '-0.1', 'fast', 'Infinity']) {
      expect(() => webhookConfig({ HOOK_BACKOFF_SCALE: value }), value).toThrow(/^HOOK_BACKOFF_SCALE must be a number from 0 to 1/);
    }
  });

  it('refuses an http HOOK_URI where https is required', () => {
    const on = { HOOK_ENABLED: 'true', HOOK_REQUIRE_HTTPS: 'true' };
    expect(() => webhookConfig({ ...on, HOOK_URI: 'http://example.com/hook' })).toThrow(
      new ConfigError('HOOK_URI must use https on this stage, got "http://example.com/hook"'),
    );
    expect(webhookConfig({ ...on, HOOK_URI: 'https://example.com/hook' }).uri).toBe('https://example.com/hook');
    expect(webhookConfig({ ...on, HOOK_URI: 'HTTPS://Example.com/hook' }).uri).toBe('https://example.com/hook');
  });

  it('accepts an http HOOK_URI where https is not required, or while webhooks are off', () => {
    expect(webhookConfig({ HOOK_ENABLED: 'true', HOOK_URI: 'http://127.0.0.1:8080/hook' }).uri).toBe('http://127.0.0.1:8080/hook');
    expect(webhookConfig({ HOOK_ENABLED: 'true', HOOK_REQUIRE_HTTPS: 'false', HOOK_URI: 'http://127.0.0.1:8080/hook' }).enabled).toBe(true);
    expect(webhookConfig({ HOOK_REQUIRE_HTTPS: 'true', HOOK_URI: 'http://127.0.0.1:8080/hook' }).enabled).toBe(false);
  });

  it('names a bad HOOK_REQUIRE_HTTPS', () => {
    expect(() => webhookConfig({ HOOK_ENABLED: 'true', HOOK_REQUIRE_HTTPS: 'yes', HOOK_URI: 'https://example.com/hook' })).toThrow(/^HOOK_REQUIRE_HTTPS /);
  });
});

describe('transmitConfig', () => {
  it('has defaults', () => {
    expect(transmitConfig({})).toEqual({ maxAttempts: 5, retryDelaySeconds: 30, leaseSeconds: 150, herstellerId: '74931', recordLockDays: 0 });
  });

  it('reads and checks each setting', () => {
    expect(transmitConfig({ TRANSMIT_MAX_ATTEMPTS: '2', TRANSMIT_RETRY_DELAY_SECONDS: '0', TRANSMIT_LEASE_SECONDS: '60', RECORD_LOCK_DAYS: '3653' })).toEqual({
      maxAttempts: 2,
      retryDelaySeconds: 0,
      leaseSeconds: 60,
      herstellerId: '74931',
      recordLockDays: 3653,
    });
  });
});

describe('redriveConfig', () => {
  it('has defaults: two minutes past a due wake-up, fifteen past a due webhook attempt', () => {
    expect(redriveConfig({})).toEqual({ queuedGraceSeconds: 120, webhookGraceSeconds: 900 });
  });

  it('reads and checks each setting', () => {
    expect(redriveConfig({ REDRIVE_QUEUED_GRACE_SECONDS: '0', REDRIVE_WEBHOOK_GRACE_SECONDS: '1' })).toEqual({
      queuedGraceSeconds: 0,
      webhookGraceSeconds: 1,
    });
  });
});

describe('a bad setting', () => {
  it.each([
    { read: webhookConfig, name: 'HOOK_TIMEOUT_MS', value: '0' },
    { read: webhookConfig, name: 'HOOK_MAX_ATTEMPTS', value: '51' },
    { read: webhookConfig, name: 'HOOK_MAX_ATTEMPTS', value: '0' },
    { read: webhookConfig, name: 'HOOK_ENABLED', value: 'on' },
    { read: transmitConfig, name: 'TRANSMIT_MAX_ATTEMPTS', value: '0' },
    { read: transmitConfig, name: 'TRANSMIT_RETRY_DELAY_SECONDS', value: '901' },
    { read: transmitConfig, name: 'TRANSMIT_LEASE_SECONDS', value: 'x' },
    { read: transmitConfig, name: 'RECORD_LOCK_DAYS', value: '-1' },
    { read: redriveConfig, name: 'REDRIVE_QUEUED_GRACE_SECONDS', value: '-1' },
    { read: redriveConfig, name: 'REDRIVE_WEBHOOK_GRACE_SECONDS', value: 'soon' },
  ])('$name=$value is refused, naming it', ({ read, name, value }) => {
    expect(() => read({ [name]: value })).toThrow(new RegExp(`^${name} `));
  });
});

describe('resendIsSafe', () => {
  it('allows resending to the sandbox only, which files nothing', () => {
    expect(resendIsSafe({})).toBe(true);
    expect(resendIsSafe({ TAX_AUTHORITY: 'sandbox' })).toBe(true);
    expect(resendIsSafe({ TAX_AUTHORITY: 'eric' })).toBe(false);
    expect(() => resendIsSafe({ TAX_AUTHORITY: 'elster' })).toThrow(/^TAX_AUTHORITY must be one of sandbox, eric/);
  });
});

describe('today', () => {
  const night = new Date('2026-12-31T23:30:00Z');

  it('is the Berlin calendar day, not the UTC one', () => {
    expect(today({}, night)).toBe('2027-01-01');
  });

  it('may be fixed by STEUERBOTE_TODAY outside Lambda, and never on Lambda', () => {
    expect(today({ STEUERBOTE_TODAY: '2026-11-24' }, night)).toBe('2026-11-24');
    expect(today({ STEUERBOTE_TODAY: '2026-11-24', AWS_LAMBDA_FUNCTION_NAME: 'transmit' }, night)).toBe('2027-01-01');
  });

  it('refuses a fixed day that is not a date, naming the variable', () => {
    expect(() => today({ STEUERBOTE_TODAY: '24.11.2026' })).toThrow(/STEUERBOTE_TODAY/);
  });
});
