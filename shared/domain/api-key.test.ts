import { describe, expect, it } from 'vitest';
import { apiKeyShape, newApiKey } from '#shared/domain/api-key.ts';

/** A key of the shape every key has, as the edge matches it (infra/constructs/edge-limits.ts). */
const apiKeyPattern = new RegExp(`^${apiKeyShape.prefix}[${apiKeyShape.characters}]{${apiKeyShape.length}}$`);

describe('apiKeyShape', () => {
  it('describes every key newApiKey makes, and nothing shorter, longer or outside base64url', () => {
    for (let i = 0; i < 200; i++) expect(newApiKey('client-a').key).toMatch(apiKeyPattern);
    const key = newApiKey('client-a').key;
    for (const other of [key.slice(0, -1), `${key}A`, `${key.slice(0, -1)}+`, key.replace('sbk_', 'sbk-'), ` ${key}`]) expect(other).not.toMatch(apiKeyPattern);
  });
});
