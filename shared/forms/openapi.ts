// Each form's part of the OpenAPI document, from its folder (shared/forms/{kind}/openapi.ts), loaded
// as this module is: only what builds the document (shared/openapi/) imports it.
import type { Kind } from '#shared/domain/ticket.ts';
import type { FormOpenapi } from '#shared/forms/form.ts';
import { kinds } from '#shared/forms/registry.ts';

const loaded = await Promise.all(
  kinds.map(async (kind) => [kind, ((await import(`./${kind}/openapi.ts`)) as { formOpenapi: FormOpenapi }).formOpenapi] as const),
);

export const formOpenapi = Object.fromEntries(loaded) as Readonly<Record<Kind, FormOpenapi>>;
