// Writes the OpenAPI document as JSON to the file given: the construct runs it as it bundles the
// functions that serve the document (`servesOpenapi` in shared/manifest.ts), beside their bundle.
import { writeFileSync } from 'node:fs';
import { openapiDocument } from '#shared/openapi/document.ts';

const [file] = process.argv.slice(2);
if (!file) throw new Error('usage: write.ts <file>');
writeFileSync(file, JSON.stringify(openapiDocument()));
