// A stage's settings, read from CDK context (`-c key=value` or cdk.json) and checked before
// anything is built, so a typo fails the synth with a line naming the key.

import type { Construct } from 'constructs';

export interface StageSettings {
  readonly stage: string;
  /** Keeps data on deletion and leaves out the example receiver. */
  readonly production: boolean;
  /** Reported as SERVICE_BUILD, e.g. a commit hash. */
  readonly build: string;
  readonly tracing: boolean;
  readonly hook: HookSettings;
  readonly taxAuthority: TaxAuthoritySettings;
}

export interface HookSettings {
  readonly enabled: boolean;
  /** Defaults to the example receiver on stages that deploy it. */
  readonly uri?: string;
  /** Name of a Secrets Manager secret holding the `whsec_…` signing secret. */
  readonly secretName?: string;
  readonly timeoutMs?: string;
  readonly maxAttempts?: string;
}

export interface TaxAuthoritySettings {
  readonly name: 'sandbox' | 'eric';
  readonly allowLiveSubmissions: boolean;
  readonly herstellerId: string;
}

/** Reads a stage's settings from CDK context (`-c key=value` or cdk.json), failing on bad values. */
export function stageSettings(scope: Construct): StageSettings {
  const stage = contextMatching(scope, 'stage', /^[a-z0-9-]{1,32}$/, 'up to 32 lowercase letters, digits or hyphens');
  if (stage === undefined) throw new Error('Context "stage" is required, e.g. cdk synth -c stage=dev');
  return {
    stage,
    production: contextFlag(scope, 'production', stage === 'prod' || stage === 'production'),
    build: contextMatching(scope, 'build', /^[\w.-]{1,64}$/, 'a build label such as a commit hash') ?? 'dev',
    tracing: contextFlag(scope, 'tracing', false),
    hook: {
      enabled: contextFlag(scope, 'hookEnabled', false),
      uri: contextMatching(scope, 'hookUri', /^https?:\/\/\S+$/, 'an http(s) URL'),
      secretName: contextText(scope, 'hookSecretName'),
      timeoutMs: contextMatching(scope, 'hookTimeoutMs', /^[1-9]\d*$/, 'a whole number of milliseconds'),
      maxAttempts: contextMatching(scope, 'hookMaxAttempts', /^[1-9]\d*$/, 'a whole number'),
    },
    taxAuthority: {
      name: (contextMatching(scope, 'taxAuthority', /^(sandbox|eric)$/, 'sandbox or eric') ?? 'sandbox') as 'sandbox' | 'eric',
      allowLiveSubmissions: contextFlag(scope, 'allowLiveSubmissions', false),
      herstellerId: contextMatching(scope, 'herstellerId', /^\d{5}$/, 'five digits') ?? '74931',
    },
  };
}

function contextText(scope: Construct, key: string): string | undefined {
  const value: unknown = scope.node.tryGetContext(key);
  return value === undefined || value === '' ? undefined : String(value);
}

function contextMatching(scope: Construct, key: string, pattern: RegExp, expected: string): string | undefined {
  const value = contextText(scope, key);
  if (value !== undefined && !pattern.test(value)) throw new Error(`Context "${key}" must be ${expected}, got "${value}"`);
  return value;
}

/** `-c flag=true` arrives as a string, cdk.json gives a boolean; both are accepted. */
function contextFlag(scope: Construct, key: string, fallback: boolean): boolean {
  const value = contextMatching(scope, key, /^(true|false)$/, 'true or false');
  return value === undefined ? fallback : value === 'true';
}
