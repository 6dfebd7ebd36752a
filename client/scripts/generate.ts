// `npm run generate -w client`: writes the client's types from the document a running steuerbote serves
// (`npm start`, or STEUERBOTE_URL), so they describe what the service answers and nothing written by hand.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { generatedTypesFile, typesFrom } from './openapi-types.ts';

const base = process.env.STEUERBOTE_URL ?? 'http://127.0.0.1:3000';
try {
  const response = await fetch(new URL('/v2/openapi.json', base));
  if (!response.ok) throw new Error(`${base}/v2/openapi.json answered ${response.status}`);
  await writeFile(generatedTypesFile, await typesFrom((await response.json()) as object));
  console.log(`wrote ${fileURLToPath(generatedTypesFile)} from ${base}/v2/openapi.json`);
} catch (error) {
  console.error(`generate: ${error instanceof Error ? error.message : String(error)}; is steuerbote running (npm start)?`);
  process.exit(2);
}
