// The mailbox port through ERiC: PostfachAnfrage, PostfachBestaetigung and Statusabfrage built by
// datenabholung/requests.ts, sent with EricBearbeiteVorgang (ERIC_VALIDIERE | ERIC_SENDE, signed with
// the mailbox's certificate, with a transfer handle up to ERiC 43), ELSTER's answer read by
// datenabholung/answers.ts. Objects are downloaded through Otto (otto/download.ts), block by block,
// with the same certificate.

import { ottoHome } from '#shared/config.ts';
import { credentialsLoader, type CredentialsRead, type EricCredentials } from '#shared/eric/credentials.ts';
import { ericBasicsFromEnv } from '#shared/eric/eric-tax-authority.ts';
import { ottoInstance, type OttoInstance } from '#shared/eric/otto/binding.ts';
import { ottoDownload } from '#shared/eric/otto/download.ts';
import { readDatenabholungAnswer, maxListedRecords } from '#shared/eric/datenabholung/answers.ts';
import { confirmResults, mailboxPage, recordStatuses } from '#shared/eric/datenabholung/mailbox-answers.ts';
import {
  datenabholungHeader,
  datenabholungRecipient,
  postfachAnfrage,
  postfachBestaetigung,
  statusabfrage,
  type Built,
  type MailboxRequest,
} from '#shared/eric/datenabholung/requests.ts';
import { elsterEnvelope } from '#shared/eric/elster-document.ts';
import { ERIC_SENDE, ERIC_VALIDIERE, type EricLibrary } from '#shared/eric/library.ts';
import { describeCode } from '#shared/eric/outcomes.ts';
import { clientSigning, stageSigning } from '#shared/eric/signing.ts';
import type { ConfirmResult, MailboxAddress, MailboxObject, MailboxPage, MailboxQuery, RecordStatus, TaxMailbox } from '#shared/ports/tax-mailbox.ts';

export interface EricMailboxOptions {
  library: EricLibrary;
  credentials: () => Promise<EricCredentials>;
  herstellerId: string;
  datenLieferant: string;
  productVersion: string;
  otto: OttoInstance;
}

/** A request ERiC or ELSTER did not answer: the message names ERiC's code; nothing in it is the mailbox's content. */
export class EricMailboxError extends Error {}

export class EricTaxMailbox implements TaxMailbox {
  readonly #options: EricMailboxOptions;

  constructor(options: EricMailboxOptions) {
    this.#options = options;
  }

  async list(address: MailboxAddress, query: MailboxQuery): Promise<MailboxPage> {
    const request = postfachAnfrage({ ...query, max: Math.min(query.max, maxListedRecords) }, new Date());
    return mailboxPage(await this.#send(address, 'PostfachAnfrage', request));
  }

  async confirm(address: MailboxAddress, ids: readonly string[]): Promise<ConfirmResult[]> {
    return confirmResults(await this.#send(address, 'PostfachBestaetigung', postfachBestaetigung(ids)), ids);
  }

  async status(address: MailboxAddress, provisionTickets: readonly string[]): Promise<Map<string, RecordStatus>> {
    return recordStatuses(await this.#send(address, 'Statusabfrage', statusabfrage(provisionTickets)), provisionTickets);
  }

  async download(address: MailboxAddress, object: MailboxObject): Promise<AsyncIterable<Uint8Array>> {
    const certificate = address.certificate
      ? { pkcs12: address.certificate.pkcs12, pin: address.certificate.pin }
      : await this.#options.credentials().then(({ certificatePath, pin }) => ({ path: certificatePath, pin }));
    return ottoDownload(this.#options.otto, { objectId: object.ref, certificate, herstellerId: this.#options.herstellerId });
  }

  async #send(address: MailboxAddress, kind: MailboxRequest, request: Built) {
    if (!request.ok)
      throw new EricMailboxError(`${kind} cannot be built: ${request.findings.map((finding) => `${finding.path} ${finding.message}`).join('; ')}`);
    const signing = address.certificate ? clientSigning(address.certificate) : stageSigning(await this.#options.credentials());
    const { datenartVersion, ...header } = datenabholungHeader(kind, address.test, this.#options);
    const document = elsterEnvelope(request.xml, datenabholungRecipient, { name: 'steuerbote', version: this.#options.productVersion });
    const serverAnswer = await this.#options.library.exclusive(async (eric) => {
      const fail = (code: number): never => {
        throw new EricMailboxError(`${kind}: ERiC ${code} ${describeCode(code).name}: ${eric.errorText(code)}`);
      };
      const prepared = await eric.withBuffers(1, async ([out]) => {
        const code = await eric.createTransferHeader(document, header, out!);
        return code === 0 ? eric.read(out!) : fail(code);
      });
      const certificate = await signing.open(eric);
      if (certificate.code !== 0) fail(certificate.code);
      try {
        return await eric.withBuffers(2, async ([answer, server]) => {
          const code = await eric.bearbeiteVorgang({
            xml: prepared,
            datenartVersion,
            flags: ERIC_VALIDIERE | ERIC_SENDE,
            print: null,
            crypt: eric.family.cryptParameters(certificate.handle, signing.pin),
            answer: answer!,
            serverAnswer: server!,
            // One Datenabholung's requests share a handle in ERiC; each of these stands alone, so each starts at 0.
            ...(eric.family.transferHandle && { transferHandle: [0] }),
          });
          return code === 0 ? eric.read(server!) : fail(code);
        });
      } finally {
        eric.closeCertificate(certificate.handle);
      }
    });
    return readDatenabholungAnswer(serverAnswer);
  }
}

/**
 * The mailbox as configured (ERIC_*, OTTO_HOME, ELSTER_*): ERiC and Otto loaded now, so a wrong
 * library stops the start with one line naming the setting.
 */
export const ericTaxMailboxFromEnv = (env: Record<string, string | undefined> = process.env, onCredentialsRead?: CredentialsRead): EricTaxMailbox =>
  new EricTaxMailbox({
    ...ericBasicsFromEnv(env, (signing) => credentialsLoader(signing, undefined, onCredentialsRead)),
    otto: ottoInstance(ottoHome(env)),
  });
