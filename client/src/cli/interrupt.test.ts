import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { onInterrupt } from './interrupt.ts';
import { terminalProgress } from './progress.ts';

describe('onInterrupt', () => {
  it('on Ctrl-C shows the cursor again, says the tickets go on and how to check them, and ends with 130', () => {
    const stream = Object.assign(new PassThrough(), { isTTY: true, columns: 120, rows: 30 }) as unknown as NodeJS.WriteStream;
    let text = '';
    stream.on('data', (chunk) => (text += chunk));
    const progress = terminalProgress(stream, ['a.json', 'b.json'], false);
    progress.update('a.json', { stage: 'queued', ticket: 'tk_1' });
    progress.update('b.json', { stage: 'processing', ticket: 'tk_2' });
    const signals = new EventEmitter();
    const exits: number[] = [];
    onInterrupt(progress, () => ['tk_1', 'tk_2'], stream, { signals, exit: (code) => exits.push(code) });
    expect(text).toContain('\x1b[?25l');
    signals.emit('SIGINT');
    expect(exits).toEqual([130]);
    const afterStop = text.slice(text.lastIndexOf('\x1b[?25h'));
    expect(afterStop).toBe(
      '\x1b[?25h\nsteuerbote: stopped; the tickets keep going; check them with steuerbote status tk_1 and 1 more, or run the same submit again (it files nothing twice)\n',
    );
  });

  it('listens no more once the batch is done', () => {
    const signals = new EventEmitter();
    const stop = onInterrupt({ update() {}, finish() {} }, () => [], new PassThrough(), { signals, exit: () => {} });
    expect(signals.listenerCount('SIGINT')).toBe(1);
    stop();
    expect(signals.listenerCount('SIGINT')).toBe(0);
  });
});
