// A submission only needs the form's check: the XML is written when it is transmitted.
import { submitHandler } from '#shared/wiring/submit-handler.ts';
import { checkEst } from '#shared/forms/est/check.ts';
import { estFacts } from '#shared/forms/est/facts.ts';

export const handler = submitHandler(estFacts.kind, checkEst);
