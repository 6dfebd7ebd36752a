// The parts of E50 as the OpenAPI document shows them: every group and field of the newest year's
// schema (structure/e50-2025.json) under its body name (shared/forms/element-body.ts). Earlier
// years' forms differ in a few groups (until 2022 without the `tabelle` groups); each year's own
// schema is what a body is checked against.
import { documentedParts as documented } from '#shared/forms/documented-parts.ts';
import newest from '#shared/forms/ust/structure/e50-2025.json' with { type: 'json' };
import type { CompactStructure } from '#shared/xml/structure.ts';

export const documentedParts = documented(newest as unknown as CompactStructure, { ust2a: 'USt2A', un: 'UN', fv: 'FV', vorsatz: 'Vorsatz' });
