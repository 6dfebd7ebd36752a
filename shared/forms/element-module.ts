// The module of a form whose body is its ELSTER element (element-body.ts): the annual VAT return and
// the year-end returns. Each names what is its own; how its Nutzdaten are chosen and what the sandbox's
// re-check keeps of its rules is the same for all of them.
import { isError, type FilingBodies, type Kind } from '#shared/domain/ticket.ts';
import type { FormModule, Recheck } from '#shared/forms/form.ts';

/** ELSTER's element path, as ERiC names a field it refuses. */
const elementPath = (names: readonly string[]) => names.join('/');

export interface ElementModuleParts<K extends Kind> extends Pick<FormModule<K>, 'facts' | 'identifiers' | 'check' | 'readStored' | 'readBack'> {
  /** The element written from a body's parts, when the caller gave no XML of their own. */
  write(body: FilingBodies[K], createdAt: Date): { xml: string };
  /** What the form's own rules find in Nutzdaten, and the protocol's title, section and figures. */
  protocol(xml: string, year: number, path: (names: readonly string[]) => string): Recheck;
}

export function elementModule<K extends Kind>({ write, protocol, ...own }: ElementModuleParts<K>): FormModule<K> {
  return {
    ...own,
    nutzdaten: (body, options) => (body as { xml?: string }).xml ?? write(body, options.createdAt).xml,
    async recheck(xml, year) {
      const { findings, ...shown } = protocol(xml, year, elementPath);
      // What is due when is the service's concern, not the tax office's: only the form's own rules here, and its errors.
      return { ...shown, findings: findings.filter(isError) };
    },
  };
}
