// Settings every scenario states in full: the in-process runtime keeps what an earlier start put
// into process.env, so a knob one scenario turns must not leak into the next.

export const quiet = {
  RATE_LIMIT_PER_MINUTE: '0',
  SANDBOX_LATENCY_MS: '0',
  SANDBOX_TRANSIENT_FAILURE_RATE: '0',
  HOOK_ENABLED: 'false',
  HOOK_BACKOFF_SCALE: '0.001',
  HOOK_MAX_ATTEMPTS: '20',
  TRANSMIT_MAX_ATTEMPTS: '20',
  TRANSMIT_RETRY_DELAY_SECONDS: '1',
  POWERTOOLS_LOG_LEVEL: 'ERROR',
};
