// Turns the served OpenAPI document into the client's types; the generator and the drift test share it,
// so both mean the same file by "generated". A field with a default stays optional: a request may leave it out.
import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from 'openapi-typescript';

export const generatedTypesFile = new URL('../src/generated/openapi.ts', import.meta.url);

/**
 * The types, and the one value the command needs at run time: the forms, each `POST /v2/{kind}` with its
 * `validate` beside, so a new form reaches the client and the command with the regenerated file alone.
 */
export async function typesFrom(document: object): Promise<string> {
  const nodes = await openapiTS(document as OpenAPI3, { silent: true, defaultNonNullable: false });
  const kinds = Object.keys((document as { paths: object }).paths).flatMap((path) => /^\/v2\/([a-z_]+)\/validate$/.exec(path)?.[1] ?? []);
  return `${COMMENT_HEADER}${astToString(nodes)}\n/** The forms: \`POST /v2/{kind}\` and \`POST /v2/{kind}/validate\`. */\nexport const kinds = ${JSON.stringify(kinds)} as const;\n`;
}
