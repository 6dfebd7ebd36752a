// Turns the served OpenAPI document into the client's types; the generator and the drift test share it,
// so both mean the same file by "generated". A field with a default stays optional: a request may leave it out.
import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from 'openapi-typescript';

export const generatedTypesFile = new URL('../src/generated/openapi.ts', import.meta.url);

export async function typesFrom(document: object): Promise<string> {
  const nodes = await openapiTS(document as OpenAPI3, { silent: true, defaultNonNullable: false });
  return `${COMMENT_HEADER}${astToString(nodes)}`;
}
