// The XSD the ZM's structure file is generated from (StructureSources in shared/forms/form.ts): one
// schema for every year, which declares the type of the root only; ELSTER's sample
// (samples/zmdo_send-Auth.xml) names the root `zm`.
import type { StructureSources } from '#shared/forms/form.ts';

export const sources: StructureSources = { schema: 'schemas/zm_000005.xsd', file: 'zm', root: { name: 'zm', type: 'zmType' } };
