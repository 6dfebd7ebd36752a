// The XSD the extension's structure file is generated from, and the rule workbook its rules file is
// (StructureSources in shared/forms/form.ts): one schema, version 21, for every year.
import type { StructureSources } from '#shared/forms/form.ts';

export const sources: StructureSources = {
  schema: 'schemas/Eing_Fristverl-21.xsd',
  file: 'fristverlaengerung',
  workbook: 'rules/Jahresdokumentation_Fristverlaengerung_21.xml',
};
