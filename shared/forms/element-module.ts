// The module of a form whose body is its ELSTER element (element-body.ts): the annual VAT return and
// the year-end returns. Each names what is its own; how its Nutzdaten are chosen, how its protocol is
// put together and what the sandbox's re-check keeps of its rules is the same for all of them.
import { isError, type FilingBodies, type Finding, type Kind } from '#shared/domain/ticket.ts';
import type { FormModule } from '#shared/forms/form.ts';
import type { ProtocolRow } from '#shared/forms/protocol-row.ts';

/** ELSTER's element path, as ERiC names a field it refuses. */
const elementPath = (names: readonly string[]) => names.join('/');

/** How the protocol of a form's Nutzdaten is made: what its own rules find in them, and what it shows. */
export interface ElementProtocol<R extends { findings: Finding[] }> {
  /** What the form's own rules find in Nutzdaten, with what was read of them where they could be read. */
  read(xml: string, year: number, path: (names: readonly string[]) => string): R;
  title(year: number): string;
  section: string;
  /** The protocol's figures from what was read; none where the Nutzdaten could not be read. */
  figures(read: R): ProtocolRow[];
  /** Whom the filing is for, where the Nutzdaten name them. */
  taxpayer?(read: R): string | undefined;
}

export interface ElementModuleParts<K extends Kind, R extends { findings: Finding[] }> extends Pick<
  FormModule<K>,
  'facts' | 'identifiers' | 'check' | 'readStored' | 'readBack'
> {
  /** The element written from a body's parts, when the caller gave no XML of their own. */
  write(body: FilingBodies[K], createdAt: Date): { xml: string };
  protocol: ElementProtocol<R>;
}

export function elementModule<K extends Kind, R extends { findings: Finding[] }>({ write, protocol, ...own }: ElementModuleParts<K, R>): FormModule<K> {
  return {
    ...own,
    nutzdaten: (body, options) => (body as { xml?: string }).xml ?? write(body, options.createdAt).xml,
    async recheck(xml, year) {
      const read = protocol.read(xml, year, elementPath);
      const taxpayer = protocol.taxpayer?.(read);
      // What is due when is the service's concern, not the tax office's: only the form's own rules here, and its errors.
      return {
        findings: read.findings.filter(isError),
        title: protocol.title(year),
        section: protocol.section,
        figures: protocol.figures(read),
        ...(taxpayer !== undefined && { taxpayer }),
      };
    },
  };
}
