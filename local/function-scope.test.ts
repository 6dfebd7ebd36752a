import { afterEach, describe, expect, it } from 'vitest';
import { runAs } from '#local/function-scope.ts';

const set = { TRANSMIT_QUEUE_URL: 'http://sqs/transmit', TICKETS_TABLE: 'tickets', STEUERBOTE_STAGE: 'local' };

describe('process.env while a function runs on the local runtime', () => {
  afterEach(() => {
    for (const name of Object.keys(set)) delete process.env[name];
  });

  it('reads, tests and lists each variable as the function is given it, and the runtime sees all', () => {
    Object.assign(process.env, set);
    runAs('getStatus', () => {
      expect(process.env.TRANSMIT_QUEUE_URL).toBeUndefined();
      expect('TRANSMIT_QUEUE_URL' in process.env).toBe(false);
      expect(Object.getOwnPropertyDescriptor(process.env, 'TRANSMIT_QUEUE_URL')).toBeUndefined();
      expect(Object.keys(process.env)).not.toContain('TRANSMIT_QUEUE_URL');
      expect(process.env.TICKETS_TABLE).toBe('tickets');
      expect(process.env.STEUERBOTE_STAGE).toBe('local');
    });
    runAs('transmit', () => expect(process.env.TRANSMIT_QUEUE_URL).toBe('http://sqs/transmit'));
    expect(process.env.TRANSMIT_QUEUE_URL).toBe('http://sqs/transmit');
  });
});
