// ericConfig lives in shared/config.ts with the other readers of the environment.
import { describe, expect, it } from 'vitest';
import { ConfigError, ericConfig } from '#shared/config.ts';

const base = { ERIC_HOME: '/opt/eric/lib', ERIC_CERT_PATH: '/certs/a.pfx', ERIC_CERT_PIN: '123456' };

describe('ericConfig', () => {
  it('reads the local settings, with defaults', () => {
    expect(ericConfig(base)).toEqual({
      home: '/opt/eric/lib',
      signing: { certificate: { path: '/certs/a.pfx' }, pin: { value: '123456' } },
      datenLieferant: 'steuerbote',
      herstellerId: '74931',
    });
  });

  it('prefers Secrets Manager, and reads the ERiC version and sender', () => {
    expect(
      ericConfig({
        ...base,
        ERIC_CERT_SECRET_ARN: 'arn:cert',
        ERIC_CERT_PIN_SECRET_ARN: 'arn:pin',
        ERIC_API_VERSION: '41',
        ELSTER_DATENLIEFERANT: 'Muster GmbH',
        ELSTER_HERSTELLER_ID: '12345',
      }),
    ).toEqual({
      home: '/opt/eric/lib',
      apiVersion: 41,
      signing: { certificate: { secretId: 'arn:cert' }, pin: { secretId: 'arn:pin' } },
      datenLieferant: 'Muster GmbH',
      herstellerId: '12345',
    });
    expect(ericConfig({ ...base, ERIC_CERT_PIN: '', ERIC_CERT_PIN_FILE: '/run/pin' }).signing?.pin).toEqual({ file: '/run/pin' });
  });

  it('leaves out the stage certificate where a function is given neither certificate nor PIN: it can validate, not sign', () => {
    expect(ericConfig({ ERIC_HOME: '/opt/eric/lib' })).toEqual({ home: '/opt/eric/lib', datenLieferant: 'steuerbote', herstellerId: '74931' });
  });

  it('names the setting at fault', () => {
    expect(() => ericConfig({ ...base, ERIC_HOME: '' })).toThrow(new ConfigError('ERIC_HOME is not set'));
    expect(() => ericConfig({ ...base, ERIC_CERT_PATH: '' })).toThrow(new ConfigError('ERIC_CERT_PATH is not set'));
    expect(() => ericConfig({ ...base, ERIC_CERT_PIN: '' })).toThrow(/^ERIC_CERT_PIN is not set/);
    expect(() => ericConfig({ ...base, ERIC_API_VERSION: 'forty' })).toThrow(/^ERIC_API_VERSION must be a whole number/);
    expect(() => ericConfig({ ...base, ELSTER_DATENLIEFERANT: 'x'.repeat(201) })).toThrow(/^ELSTER_DATENLIEFERANT /);
  });
});
