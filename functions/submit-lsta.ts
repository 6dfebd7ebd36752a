// A submission only needs the form's check: the XML is written when it is transmitted.
import { submitHandler } from '#shared/wiring/submit-handler.ts';
import { checkLsta } from '#shared/forms/lsta/check.ts';
import { lstaFacts } from '#shared/forms/lsta/facts.ts';

export const handler = submitHandler(lstaFacts.kind, checkLsta);
