// A certificate's PIN (and an API key for `login`) comes from a file or is typed without echo: never
// from the command line, where the shell's history and the process list would keep it.
import type { Steuerbote } from '../client.ts';
import { readInput } from './read-input.ts';
import { UsageError } from './usage-error.ts';

export async function pinFromFile(path: string): Promise<string> {
  const pin = (await readInput(path, 'the PIN file ')).toString('utf8').replace(/\r?\n$/, '');
  if (!pin) throw new UsageError(`the PIN file ${path} is empty`);
  return pin;
}

export function promptPin(question: string, input: NodeJS.ReadStream = process.stdin, output: NodeJS.WriteStream = process.stderr): Promise<string> {
  if (!input.isTTY) throw new UsageError('no PIN: give --pin-file FILE, or run in a terminal to be asked for it');
  return promptSecret(question, 'PIN', input, output);
}

/** A secret typed in the terminal `input` is, without echo; `what` names it when nothing was typed. */
export function promptSecret(question: string, what: string, input: NodeJS.ReadStream, output: NodeJS.WriteStream = process.stderr): Promise<string> {
  // Echo off before the question shows, so nothing typed at once is echoed.
  input.setRawMode(true);
  input.resume();
  output.write(question);
  let pin = '';
  return new Promise((resolve, reject) => {
    const finish = (outcome: () => void) => {
      input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      output.write('\n');
      outcome();
    };
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') return finish(() => (pin ? resolve(pin) : reject(new UsageError(`no ${what} typed`))));
        if (char === '\u0003') return finish(() => reject(new UsageError('cancelled')));
        if (char === '\u007f' || char === '\b') pin = pin.slice(0, -1);
        else pin += char;
      }
    };
    input.on('data', onData);
  });
}

/**
 * The PIN `submit --certificate` sends: none for a certificate whose PIN the service keeps, else from
 * --pin-file or typed at a prompt, told in the command's words before any file is sent.
 */
export async function pinForCertificate(
  client: Steuerbote,
  certificateId: string | undefined,
  pinFile: string | undefined,
  input: NodeJS.ReadStream | undefined,
  output?: NodeJS.WriteStream,
): Promise<string | undefined> {
  // A certificate named in the files themselves is the service's to check.
  if (!certificateId) return pinFile ? pinFromFile(pinFile) : undefined;
  const { pin_storage, label } = await client.certificates.get(certificateId);
  const named = `certificate ${certificateId}${label ? ` (${label})` : ''}`;
  if (pin_storage === 'stored') {
    if (pinFile) throw new UsageError(`${named} has its PIN kept by the service: leave out --pin-file`);
    return undefined;
  }
  if (pinFile) return pinFromFile(pinFile);
  if (!input?.isTTY) throw new UsageError(`${named} needs its PIN with every submission: give --pin-file FILE, or run in a terminal to be asked for it`);
  return promptPin(`PIN for ${named}: `, input, output);
}
