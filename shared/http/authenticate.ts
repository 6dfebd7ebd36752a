import { hashApiKey } from '#shared/domain/api-key.ts';
import { HttpError } from '#shared/http/http-error.ts';
import type { ApiEvent } from '#shared/http/types.ts';
import type { ApiKeyStore } from '#shared/ports/api-key-store.ts';

const unauthorized = () =>
  new HttpError(401, 'UNAUTHORIZED', 'A valid API key is required (Authorization: Bearer <key>)', {
    headers: { 'www-authenticate': 'Bearer' },
  });

export function presentedKey(headers: ApiEvent['headers']): string | undefined {
  const bearer = /^Bearer\s+(\S{1,512})$/i.exec(headers?.authorization ?? '')?.[1];
  return bearer ?? headers?.['x-api-key']?.trim() ?? undefined;
}

/** The client whose API key the headers present; 401 for a missing, unknown or revoked key. */
export async function clientOf(keys: ApiKeyStore, headers: ApiEvent['headers']): Promise<string> {
  const key = presentedKey(headers);
  if (!key) throw unauthorized();
  const record = await keys.findByHash(hashApiKey(key));
  if (!record || record.revoked_at) throw unauthorized();
  return record.client_id;
}
