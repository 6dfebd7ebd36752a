// A submission only needs the form's check: the XML is written when it is transmitted.
import { submitHandler } from '#shared/wiring/submit-handler.ts';
import { checkUstva } from '#shared/forms/ustva/check.ts';
import { ustvaFacts } from '#shared/forms/ustva/facts.ts';

export const handler = submitHandler(ustvaFacts.kind, checkUstva);
