// A submission only needs the form's check: the XML is written when it is transmitted.
import { submitHandler } from '#shared/wiring/submit-handler.ts';
import { checkZm } from '#shared/forms/zm/check.ts';
import { zmFacts } from '#shared/forms/zm/facts.ts';

export const handler = submitHandler(zmFacts.kind, checkZm);
