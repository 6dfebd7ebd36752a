import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { documentJsonAt } from '#shared/openapi/document-json.ts';
import { openapiDocument } from '#shared/openapi/document.ts';

describe('the OpenAPI document as JSON', () => {
  const dir = mkdtemp(join(tmpdir(), 'steuerbote-openapi-'));
  afterAll(async () => rm(await dir, { recursive: true, force: true }));

  it('is the file beside the bundle where there is one', async () => {
    const file = join(await dir, 'openapi.json');
    await writeFile(file, '{"openapi":"written"}');
    expect(await documentJsonAt(pathToFileURL(file))).toBe('{"openapi":"written"}');
  });

  it('is built from the code where there is none', async () => {
    expect(await documentJsonAt(pathToFileURL(join(await dir, 'missing.json')))).toBe(JSON.stringify(openapiDocument()));
  });
});
