// The parts of E20 as the OpenAPI document shows them: every group and field of the newest year's
// schema (structure/e20-2024.json) under its body name (shared/forms/element-body.ts). Earlier
// years' forms differ in a few groups and fields; each year's own schema is what a body is checked
// against.
import { documentedParts as documented } from '#shared/forms/documented-parts.ts';
import { gewstParts } from '#shared/forms/gewst/schema.ts';
import newest from '#shared/forms/gewst/structure/e20-2024.json' with { type: 'json' };
import type { CompactStructure } from '#shared/xml/structure.ts';

export const documentedParts = documented(newest as unknown as CompactStructure, gewstParts);
