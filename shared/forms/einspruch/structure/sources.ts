// The XSD the appeal's structure file is generated from, and the rule workbook its rules file is
// (StructureSources in shared/forms/form.ts): one schema, version 22, for every year.
import type { StructureSources } from '#shared/forms/form.ts';

export const sources: StructureSources = { schema: 'schemas/Einsprch-22.xsd', file: 'einspruch', workbook: 'rules/Jahresdokumentation_Einspruch_22.xml' };
