// `steuerbote validate <kind> <file.json…>`: every check a submission gets, nothing stored or sent.
import type { Steuerbote } from '../client.ts';
import { SteuerboteError } from '../errors.ts';
import type { Kind, Submission, ValidationResult } from '../types.ts';
import { findingLine } from './findings.ts';
import type { Io } from './submit.ts';
import { readInput } from './read-input.ts';
import { indentXml } from './xml.ts';
import { jsonText } from './json-output.ts';

type Verdict = { file: string } & (ValidationResult | { valid: false; error: { code: string; message: string } });

async function verdict(client: Steuerbote, kind: Kind, file: string, nutzdaten: boolean): Promise<Verdict> {
  const text = (await readInput(file)).toString('utf8');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    return { file, valid: false, error: { code: 'MALFORMED_JSON', message: `not JSON: ${(error as Error).message}` } };
  }
  try {
    return { file, ...(await client.validate(kind, body as Submission<Kind>, { nutzdaten })) };
  } catch (error) {
    if (error instanceof SteuerboteError && [400, 413, 415, 422].includes(error.status)) {
      const details = error.details.map(findingLine).join('; ');
      return { file, valid: false, error: { code: error.code, message: details ? `${error.message}: ${details}` : error.message } };
    }
    throw error;
  }
}

function report(result: Verdict): string {
  if ('error' in result) return `${result.file}: invalid, ${result.error.message}\n`;
  const lines = [`${result.file}: ${result.valid ? 'valid' : 'invalid'}${result.datenart_version ? ` (${result.datenart_version})` : ''}`];
  for (const finding of result.findings) lines.push(`  ${finding.severity === 'hint' ? '·' : '✖'} ${findingLine(finding)}`);
  if (result.nutzdaten) lines.push(indentXml(result.nutzdaten));
  return `${lines.join('\n')}\n`;
}

export async function validate(client: Steuerbote, kind: Kind, files: readonly string[], nutzdaten: boolean, io: Io): Promise<number> {
  const results = await Promise.all(files.map((file) => verdict(client, kind, file, nutzdaten)));
  io.stdout.write(io.json ? await jsonText(results, io.json) : results.map(report).join(''));
  return results.every((result) => result.valid) ? 0 : 1;
}
