// How a batch moves, on stderr: in a terminal one line per file redrawn in place under an overall bar
// with the time taken; anywhere else (a log, a pipe, CI) one plain line per change, which reads well
// after the fact and carries no escape codes.

import { cutMiddle } from './table.ts';

export type Stage = 'waiting' | 'submitting' | 'queued' | 'processing' | 'delivered' | 'rejected' | 'failed' | 'invalid' | 'accepted';

export interface Change {
  stage: Stage;
  ticket?: string;
  /** What a bookkeeper reads next to it: the saved protocol, or what to fix. */
  note?: string;
}

export interface Progress {
  update(file: string, change: Change): void;
  /** Draws the last state and leaves the terminal as it was. */
  finish(): void;
}

const finishedStages: ReadonlySet<Stage> = new Set(['delivered', 'rejected', 'failed', 'invalid', 'accepted']);
export const badStages: ReadonlySet<Stage> = new Set(['rejected', 'failed', 'invalid']);

export function progressFor(stream: NodeJS.WriteStream, files: readonly string[], env: NodeJS.ProcessEnv = process.env): Progress {
  return stream.isTTY ? terminalProgress(stream, files, !env.NO_COLOR) : lineProgress(stream);
}

export function lineProgress(stream: NodeJS.WritableStream): Progress {
  const last = new Map<string, Stage>();
  return {
    update(file, { stage, ticket, note }) {
      if (last.get(file) === stage) return;
      last.set(file, stage);
      stream.write(`${file}: ${stage}${ticket ? ` ${ticket}` : ''}${note ? ` (${note})` : ''}\n`);
    },
    finish() {},
  };
}

const spinner = ['◐', '◓', '◑', '◒'];
const icon = (stage: Stage, frame: number) =>
  stage === 'delivered' || stage === 'accepted' ? '✔' : badStages.has(stage) ? '✖' : stage === 'processing' ? spinner[frame % spinner.length]! : '·';

export function terminalProgress(stream: NodeJS.WriteStream, files: readonly string[], color: boolean, started = Date.now()): Progress {
  const rows = new Map<string, Change & { endedAfter?: number }>(files.map((file) => [file, { stage: 'waiting' }]));
  const nameWidth = Math.min(40, Math.max(...files.map((file) => file.length)));
  const paint = (code: string, text: string) => (color ? `\x1b[${code}m${text}\x1b[0m` : text);
  let drawn = 0;
  let frame = 0;

  const line = (file: string) => {
    const row = rows.get(file)!;
    const seconds = ((row.endedAfter ?? Date.now() - started) / 1000).toFixed(1);
    const mark = icon(row.stage, frame);
    const shown = `${mark} ${cutMiddle(file, nameWidth).padEnd(nameWidth)}  ${row.stage.padEnd(10)} ${(row.ticket ?? '').padEnd(25)} ${seconds.padStart(6)} s  ${row.note ?? ''}`;
    const fitted = shown.slice(0, (stream.columns || 120) - 1);
    return badStages.has(row.stage) ? paint('31', fitted) : row.stage === 'delivered' || row.stage === 'accepted' ? paint('32', fitted) : fitted;
  };

  const bar = () => {
    const all = [...rows.values()];
    const done = all.filter((row) => finishedStages.has(row.stage)).length;
    const bad = all.filter((row) => badStages.has(row.stage)).length;
    const width = 30;
    const filled = all.length ? Math.round((done / all.length) * width) : width;
    const elapsed = ((Date.now() - started) / 1000).toFixed(1);
    return `[${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${done}/${all.length} finished${bad ? `, ${bad} not delivered` : ''}  ${elapsed} s`;
  };

  const draw = () => {
    frame++;
    // Only what fits on the screen: unfinished files first, as they are the ones still moving.
    const room = Math.max(1, (stream.rows || 24) - 2);
    const ordered = [...rows.keys()].sort((a, b) => Number(finishedStages.has(rows.get(a)!.stage)) - Number(finishedStages.has(rows.get(b)!.stage)));
    const shown = ordered.length > room ? [...ordered.slice(0, room - 1).map(line), `  … and ${ordered.length - room + 1} more`] : [...rows.keys()].map(line);
    const lines = [...shown, bar()];
    stream.write(`${drawn ? `\x1b[${drawn}F` : '\x1b[?25l'}${lines.map((text) => `\x1b[2K${text}\n`).join('')}\x1b[J`);
    drawn = lines.length;
  };

  const timer = setInterval(draw, 150);
  timer.unref();
  draw();
  return {
    update(file, change) {
      const row = rows.get(file)!;
      const ended = finishedStages.has(change.stage) ? Date.now() - started : undefined;
      rows.set(file, { ...row, ...change, endedAfter: ended });
      draw();
    },
    finish() {
      clearInterval(timer);
      draw();
      stream.write('\x1b[?25h');
    },
  };
}
