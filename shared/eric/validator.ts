// ERiC's checks alone, for validate (shared/wiring/authority-checks.ts), which imports this module
// on first use: a module imported so is bundled with all its exports, and this one has only the
// validator, so the functions that validate carry nothing of sending, such as the Secrets Manager client.
export { ericValidatorFromEnv } from '#shared/eric/eric-tax-authority.ts';
