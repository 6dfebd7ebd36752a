// A submission only needs the form's check: the XML is written when it is transmitted.
import { submitHandler } from '#shared/wiring/submit-handler.ts';
import { checkUst } from '#shared/forms/ust/check.ts';
import { ustFacts } from '#shared/forms/ust/facts.ts';

export const handler = submitHandler(ustFacts.kind, checkUst);
