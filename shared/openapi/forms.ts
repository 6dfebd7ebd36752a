// Each form's part of the document, keyed by form so the compiler demands every one.
import type { Kind } from '#shared/domain/ticket.ts';
import { estOpenapi } from '#shared/forms/est/openapi.ts';
import type { FormOpenapi } from '#shared/forms/form.ts';
import { lstaOpenapi } from '#shared/forms/lsta/openapi.ts';
import { ustOpenapi } from '#shared/forms/ust/openapi.ts';
import { ustvaOpenapi } from '#shared/forms/ustva/openapi.ts';
import { zmOpenapi } from '#shared/forms/zm/openapi.ts';

export const formOpenapi: Readonly<Record<Kind, FormOpenapi>> = { ustva: ustvaOpenapi, est: estOpenapi, lsta: lstaOpenapi, ust: ustOpenapi, zm: zmOpenapi };
