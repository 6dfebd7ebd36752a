// What validate needs of the income tax return (shared/wiring/validate-handler.ts): the check, the
// Nutzdaten and the read-back of a caller's E10, without the sandbox's re-check and the protocol's
// figures, which only the functions that transmit need (module.ts).
import type { FormValidation } from '#shared/forms/form.ts';
import { checkEst } from '#shared/forms/est/check.ts';
import { estNutzdaten } from '#shared/forms/est/xml-writer.ts';
import { readBackEst } from '#shared/forms/est/read-back.ts';

export const validation = {
  check: checkEst,
  nutzdaten: (body, options) => (body.xml === undefined ? estNutzdaten(body, options) : body.xml),
  readBack: (xml) => readBackEst(xml),
} satisfies FormValidation<'est'>;
