// The XSD the message's structure file is generated from, and the rule workbook its rules file is
// (StructureSources in shared/forms/form.ts): one schema, version 21, for every year.
import type { StructureSources } from '#shared/forms/form.ts';

export const sources: StructureSources = {
  schema: 'schemas/Eing_sonstNachr-21.xsd',
  file: 'nachricht',
  workbook: 'rules/Jahresdokumentation_SonstigeNachrichten_21.xml',
};
