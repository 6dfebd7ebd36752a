import { getSecret } from '@aws-lambda-powertools/parameters/secrets';
import { parseSecrets } from '#shared/webhooks/signature.ts';
import { type Needs } from '#shared/manifest.ts';
import { settingNames } from '#shared/setting-names.ts';

export const needs = { webhookSigningKeys: { secrets: ['webhookSigningKeys'] } } as const satisfies Record<string, Needs>;

/**
 * The webhook signing keys. On AWS they live in Secrets Manager (HOOK_SECRET_ID, a name or ARN), fetched on first
 * use and again every five minutes so a rotation reaches running containers; locally HOOK_SECRET
 * holds them directly. Either way the value never reaches a log line.
 */
export async function webhookSigningKeys(env: Record<string, string | undefined> = process.env): Promise<Buffer[]> {
  const secretId = env[settingNames.hookSecretId];
  if (!secretId) return parseSecrets(env[settingNames.hookSecret]);
  const secret = await getSecret<string>(secretId, { maxAge: 300 });
  return parseSecrets(secret, 'the secret named by HOOK_SECRET_ID');
}
