// The schema of the attachments (`Anhaenge`) a letter to the tax office carries beside its element in
// the Nutzdaten (shared/elster/schemas/Anhaenge-simple-3.xsd, ERiC 41.6.2.0 documentation,
// Schnittstellenbeschreibungen/Sonstige/Einspruch_22/Schema), generated into attachments.json.
export const attachmentsSchema = 'schemas/Anhaenge-simple-3.xsd';

export const attachmentsNamespace = 'http://finkonsens.de/elster/anhaenge/simple/v3';

/** The schema's version, the `version` its root carries. */
export const attachmentsVersion = '3';
