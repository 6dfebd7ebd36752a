// The CPU kernels of a request, each in µs per operation against a JSON round trip of the same body
// (JSON.parse(JSON.stringify(body))), the least any handler does with it: checking a submission
// as the submit handler does (schema and tax rules), building its ELSTER XML, and rendering the
// sandbox's PDF protocol (pdf-lib). The income tax return is measured on the contract's sample and
// on the largest valid fixture of shared/forms/est/fixtures/, whose whole check and XML must each stay
// within 15 times its own JSON round trip. The protocol is also measured with the longest
// certificate subject an upload allows and with the 55,289 characters of one kept before that
// limit, each within 50 ms, and at every bound of shared/sandbox/protocol-pdf.ts at once, against
// the largest protocol a valid return makes (a ZM of 1,500 lines).
//
// tinybench, several independent runs; a row is the median over runs of each run's median sample,
// with min and max over runs. The fast kernels are timed in batches, so one sample is well above
// the timer's resolution, and reported per operation.

import { Bench } from 'tinybench';
import { maxFigureLines, renderProtocolPdf, type ProtocolInput } from '#shared/sandbox/protocol-pdf.ts';
import { ustvaProtocolTitle, ustvaRows } from '#shared/forms/ustva/protocol-rows.ts';
import { maxLines as zmMaxLines } from '#shared/forms/zm/model.ts';
import { zmProtocolTitle, zmRows } from '#shared/forms/zm/protocol-rows.ts';
import { formModule as estModule } from '#shared/forms/est/module.ts';
import { formModule as ustvaModule } from '#shared/forms/ustva/module.ts';
import { checkEst } from '#shared/forms/est/check.ts';
import { checkUstva } from '#shared/forms/ustva/check.ts';
import type { Checked } from '#shared/forms/check.ts';
import { estSample, ustvaSample } from '#test/support/samples.ts';
import { loadCorpus } from '#test/support/corpus.ts';
import { maxCertificateNameLength } from '#shared/domain/certificate.ts';
import { compare, figure, type Row } from './stats.ts';
import { checkContext } from '#shared/wiring/check-context.ts';

const runs = 5;
const batch = 50;
const maxEstRatio = 15;
const longestAllowedSubject = maxCertificateNameLength;
/** The subject of a certificate kept before that limit, as one was found. */
const longestKeptSubject = 55_289;
/** Milliseconds a protocol may take with a long subject. */
const maxSubjectPdfMs = 50;
/** A protocol at every bound against the largest a valid return makes. */
const maxBoundedPdfRatio = 10;

/** A subject of `length` characters, some of them beyond ASCII. */
const subjectOf = (length: number) => `CN=${'Müller & Söhne GmbH '.repeat(Math.ceil(length / 20))}`.slice(0, length);

interface Kernel {
  name: string;
  /** One operation; its result is kept so that the work cannot be optimised away. */
  op: () => unknown;
  /** Operations per sample; a batched operation is synchronous, so no await is timed with it. */
  batch: number;
  /** A batched operation whose promise is awaited: the whole check, of which a part may follow its first await. */
  awaited?: true;
}

/** The valid income tax return of the fixtures with the longest JSON, and its name. */
async function largestEstFixture(): Promise<{ name: string; body: unknown }> {
  const fixtures = (await loadCorpus()).filter((fixture) => fixture.kind === 'est' && fixture.valid);
  const length = (body: unknown) => JSON.stringify(body).length;
  const largest = fixtures.reduce((most, fixture) => (length(fixture.body) > length(most.body) ? fixture : most));
  return { name: largest.name, body: largest.body };
}

function filingOf(checked: Checked) {
  if (!checked.filing) throw new Error(`the sample does not pass its check: ${JSON.stringify(checked.findings)}`);
  return checked.filing;
}

export async function kernels(): Promise<Row[]> {
  const ustva = ustvaSample();
  const est = estSample();
  const largest = await largestEstFixture();
  const protocol: ProtocolInput = {
    ticket: 'tk_AAAAAAAAAAAAAAAAAAAAAA',
    transferTicket: 'abcdefghijklmnopqrstuvwxyz012345',
    title: ustvaProtocolTitle('voranmeldung', ustva.year, ustva.period),
    section: 'Kennzahlen',
    test: true,
    taxNumber: ustva.tax_number,
    taxOffice: '9198',
    datenartVersion: 'UStVA_2026',
    herstellerId: '74931',
    receivedAt: '2026-04-10T08:00:00.000Z',
    figures: ustvaRows({ ...ustva, kennzahlen: ustva.kennzahlen }),
  };

  // Every text longer than its line, rows beyond the figures' lines, each row's label one word wider
  // than its line: the most rows, each read as far as a label's lines could reach.
  const long = subjectOf(longestKeptSubject);
  const word = long.replaceAll(' ', '-');
  const atEveryBound: ProtocolInput = {
    ...protocol,
    title: long,
    section: long,
    taxpayer: long,
    clientReference: long,
    certificateSubject: long,
    figures: Array.from({ length: 2 * maxFigureLines }, () => ({ kz: long, label: word, value: long, tax: long })),
  };

  const largestZm: ProtocolInput = {
    ...protocol,
    title: zmProtocolTitle(2026, '12'),
    section: 'Meldung',
    figures: zmRows({
      year: 2026,
      period: '12',
      flags: {},
      lines: Array.from({ length: zmMaxLines }, (_, i) => ({ kind: 'goods', customer_vat_id: `ATU${10_000_000 + i}`, amount: 1_000 + i })),
    }),
  };

  const xmlOptions = { herstellerId: '74931', createdAt: new Date('2026-04-10T08:00:00.000Z') };
  const ustvaFiling = filingOf(await checkUstva(ustva, checkContext()));
  const estFiling = filingOf(await checkEst(est, checkContext()));
  const largestFiling = filingOf(await checkEst(largest.body, checkContext()));
  if (ustvaFiling.kind !== 'ustva' || estFiling.kind !== 'est' || largestFiling.kind !== 'est') throw new Error('a sample made a filing of another form');

  let sink: unknown;
  const kernelsToRun: Kernel[] = [
    { name: 'json ustva', op: () => JSON.parse(JSON.stringify(ustva)), batch },
    { name: 'json est', op: () => JSON.parse(JSON.stringify(est)), batch },
    { name: 'check ustva', op: () => checkUstva(ustva, checkContext()), batch },
    { name: 'check est', op: () => checkEst(est, checkContext()), batch },
    { name: 'xml ustva', op: () => ustvaModule.nutzdaten(ustvaFiling.body, xmlOptions), batch },
    { name: 'xml est', op: () => estModule.nutzdaten(estFiling.body, xmlOptions), batch },
    { name: 'json est largest', op: () => JSON.parse(JSON.stringify(largest.body)), batch },
    { name: 'check est largest', op: () => checkEst(largest.body, checkContext()), batch, awaited: true },
    { name: 'xml est largest', op: () => estModule.nutzdaten(largestFiling.body, xmlOptions), batch },
    { name: 'pdf', op: () => renderProtocolPdf(protocol), batch: 1 },
    { name: 'pdf subject allowed', op: () => renderProtocolPdf({ ...protocol, certificateSubject: subjectOf(longestAllowedSubject) }), batch: 1 },
    { name: 'pdf subject kept', op: () => renderProtocolPdf({ ...protocol, certificateSubject: long }), batch: 1 },
    { name: 'pdf zm largest', op: () => renderProtocolPdf(largestZm), batch: 1 },
    { name: 'pdf at every bound', op: () => renderProtocolPdf(atEveryBound), batch: 1 },
  ];

  const perRun = new Map<string, number[]>();
  for (let run = 0; run < runs; run++) {
    const bench = new Bench({ time: 250, warmupTime: 100, throws: true });
    for (const kernel of kernelsToRun) {
      bench.add(
        kernel.name,
        kernel.batch === 1
          ? async () => {
              sink = await kernel.op();
            }
          : kernel.awaited
            ? async () => {
                for (let i = 0; i < kernel.batch; i++) sink = await kernel.op();
              }
            : () => {
                for (let i = 0; i < kernel.batch; i++) sink = kernel.op();
              },
      );
    }
    await bench.run();
    for (const kernel of kernelsToRun) {
      const result = bench.getTask(kernel.name)!.result;
      if (!('latency' in result)) throw new Error(`bench: kernel ${kernel.name} did not complete (${result.state})`);
      // tinybench reports milliseconds per sample; a sample is `batch` operations.
      perRun.set(kernel.name, [...(perRun.get(kernel.name) ?? []), (result.latency.p50 * 1000) / kernel.batch]);
    }
  }
  if (sink === undefined) throw new Error('bench: kernels produced nothing');

  const row = (name: string, kernel: string, baseline: string, maxRatio?: number): Row =>
    compare(
      {
        section: 'kernels',
        name,
        unit: 'µs/op',
        value: figure(perRun.get(kernel)!),
        baseline: figure(perRun.get(baseline)!),
        ...(maxRatio !== undefined && { goal: `ratio <= ${maxRatio}` }),
      },
      maxRatio === undefined ? undefined : { ratio: maxRatio },
    );
  const withinMs = (name: string, kernel: string, maxMs: number): Row =>
    compare(
      { section: 'kernels', name, unit: 'ms/op', value: figure(perRun.get(kernel)!.map((us) => us / 1000)), goal: `value <= ${maxMs}` },
      { value: maxMs },
    );
  return [
    row('checkUstva (schema + rules) vs JSON round trip', 'check ustva', 'json ustva'),
    row('checkEst (schema + rules) vs JSON round trip', 'check est', 'json est'),
    row('ELSTER XML ustva vs JSON round trip', 'xml ustva', 'json ustva'),
    row('ELSTER XML est vs JSON round trip', 'xml est', 'json est'),
    row(`checkEst, whole, on ${largest.name} vs its JSON round trip`, 'check est largest', 'json est largest', maxEstRatio),
    row(`ELSTER XML est of ${largest.name} vs its JSON round trip`, 'xml est largest', 'json est largest', maxEstRatio),
    row('renderProtocolPdf (ustva) vs JSON round trip', 'pdf', 'json ustva'),
    withinMs(`renderProtocolPdf (ustva), subject of ${longestAllowedSubject} characters (the longest allowed)`, 'pdf subject allowed', maxSubjectPdfMs),
    withinMs(`renderProtocolPdf (ustva), subject of ${longestKeptSubject} characters`, 'pdf subject kept', maxSubjectPdfMs),
    row(
      `renderProtocolPdf at every bound (${maxFigureLines} lines of figures, every text too long) vs a ZM of ${zmMaxLines} lines`,
      'pdf at every bound',
      'pdf zm largest',
      maxBoundedPdfRatio,
    ),
  ];
}
