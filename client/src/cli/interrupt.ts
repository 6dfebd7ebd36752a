// Ctrl-C during a batch stops the command, not the filing: the service has every ticket it accepted
// and goes on with them, and the same submit run again files nothing twice.
import type { Progress } from './progress.ts';

export interface Interruptible {
  signals?: NodeJS.EventEmitter;
  exit?: (code: number) => void;
}

/** Until the returned function is called: on SIGINT the terminal is left as it was and the way on is told. */
export function onInterrupt(progress: Progress, tickets: () => readonly string[], stderr: NodeJS.WritableStream, options: Interruptible = {}): () => void {
  const { signals = process, exit = (code: number) => process.exit(code) } = options;
  const stop = () => {
    progress.finish();
    const [first, ...more] = tickets();
    const which = first ? `${first}${more.length ? ` and ${more.length} more` : ''}` : '<ticket>';
    stderr.write(
      `\nsteuerbote: stopped; the tickets keep going; check them with steuerbote status ${which}, or run the same submit again (it files nothing twice)\n`,
    );
    exit(130);
  };
  signals.once('SIGINT', stop);
  return () => void signals.off('SIGINT', stop);
}
