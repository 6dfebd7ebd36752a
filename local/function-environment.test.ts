import { describe, expect, it } from 'vitest';
import { functionEnvironment } from '#local/function-environment.ts';

const env = {
  AWS_REGION: 'eu-central-1',
  STEUERBOTE_STAGE: 'local',
  TICKETS_TABLE: 'tickets',
  API_KEYS_TABLE: 'keys',
  TRANSMIT_QUEUE_URL: 'http://sqs/transmit',
  WEBHOOK_QUEUE_URL: 'http://sqs/webhook',
  TRANSMIT_DLQ_URL: 'http://sqs/transmit-dlq',
  BUCKET: 'bucket',
  TAX_AUTHORITY: 'sandbox',
  HOOK_SECRET: 'whsec_x',
  SEALING_KEY_FILE: '/data/sealing.key',
  TRANSMIT_RETRY_DELAY_SECONDS: '1',
};

describe('a function’s environment on the local runtime', () => {
  it('holds the variables of what its manifest entry names, and everything that is no steuerbote setting', () => {
    expect(functionEnvironment('getStatus', env)).toEqual({
      AWS_REGION: 'eu-central-1',
      STEUERBOTE_STAGE: 'local',
      TICKETS_TABLE: 'tickets',
      API_KEYS_TABLE: 'keys',
    });
    expect(functionEnvironment('transmit', env)).toMatchObject({
      TRANSMIT_QUEUE_URL: 'http://sqs/transmit',
      WEBHOOK_QUEUE_URL: 'http://sqs/webhook',
      TRANSMIT_DLQ_URL: 'http://sqs/transmit-dlq',
      BUCKET: 'bucket',
      TAX_AUTHORITY: 'sandbox',
      SEALING_KEY_FILE: '/data/sealing.key',
      TRANSMIT_RETRY_DELAY_SECONDS: '1',
    });
    expect(functionEnvironment('transmit', env)).not.toHaveProperty('HOOK_SECRET');
    expect(functionEnvironment('deliverWebhook', env)).toMatchObject({ HOOK_SECRET: 'whsec_x', WEBHOOK_QUEUE_URL: 'http://sqs/webhook' });
    expect(functionEnvironment('deliverWebhook', env)).not.toHaveProperty('TRANSMIT_QUEUE_URL');
  });
});
