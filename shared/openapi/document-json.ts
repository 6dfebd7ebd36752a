// The OpenAPI document as JSON text. A deployed function finds it beside its bundle, written as it
// was bundled (`servesOpenapi` in shared/manifest.ts): building it imports every form's schemas and
// walks them, most of those functions' cold start (BENCHMARKS.md, "Cold starts"). Run from the
// sources, as locally and in the tests, there is no such file and it is built, the same way.

import { readFile } from 'node:fs/promises';
import { once } from '#shared/once.ts';

/** The file at `beside`, or, where there is none, the document built now. */
export async function documentJsonAt(beside: URL): Promise<string> {
  try {
    return await readFile(beside, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const { openapiDocument } = await import('#shared/openapi/document.ts');
  return JSON.stringify(openapiDocument());
}

/** Read or built once per container. */
export const documentJson = once(() => documentJsonAt(new URL('./openapi.json', import.meta.url)));
