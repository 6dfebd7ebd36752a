import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { lineProgress, terminalProgress } from './progress.ts';

const captured = (stream: PassThrough) => {
  let text = '';
  stream.on('data', (chunk) => (text += chunk));
  return () => text;
};

describe('lineProgress', () => {
  it('writes one plain line per change of stage, without escape codes', () => {
    const stream = new PassThrough();
    const text = captured(stream);
    const progress = lineProgress(stream);
    progress.update('a.json', { stage: 'queued', ticket: 'tk_1' });
    progress.update('a.json', { stage: 'queued', ticket: 'tk_1' });
    progress.update('a.json', { stage: 'delivered', ticket: 'tk_1', note: 'out/a.pdf' });
    progress.finish();
    expect(text()).toBe('a.json: queued tk_1\na.json: delivered tk_1 (out/a.pdf)\n');
  });
});

describe('terminalProgress', () => {
  it('redraws every file in place under a bar that counts what has finished', () => {
    const stream = Object.assign(new PassThrough(), { isTTY: true, columns: 200, rows: 30 }) as unknown as NodeJS.WriteStream;
    const text = captured(stream as unknown as PassThrough);
    const progress = terminalProgress(stream, ['a.json', 'b.json'], false);
    progress.update('a.json', { stage: 'delivered', ticket: 'tk_1', note: 'out/a.pdf' });
    progress.update('b.json', { stage: 'invalid', note: 'kennzahlen.kz83: does not add up (expected 734.50)' });
    progress.finish();
    const screens = text().split('\x1b[3F');
    const last = screens.at(-1)!;
    expect(screens.length).toBeGreaterThan(2);
    expect(last).toContain('✔ a.json  delivered  tk_1');
    expect(last).toContain('✖ b.json  invalid');
    expect(last).toContain('(expected 734.50)');
    expect(last).toMatch(/\[█{30}\] 2\/2 finished, 1 not delivered +\d+\.\d s/);
    expect(text().startsWith('\x1b[?25l')).toBe(true);
    expect(text().endsWith('\x1b[?25h')).toBe(true);
  });

  it('shows the unfinished files first when they do not all fit on the screen', () => {
    const stream = Object.assign(new PassThrough(), { isTTY: true, columns: 200, rows: 4 }) as unknown as NodeJS.WriteStream;
    const text = captured(stream as unknown as PassThrough);
    const progress = terminalProgress(stream, ['a.json', 'b.json', 'c.json', 'd.json'], false);
    progress.update('a.json', { stage: 'delivered', ticket: 'tk_1' });
    progress.finish();
    const last = text().split('\x1b[3F').at(-1)!;
    expect(last).toContain('b.json');
    expect(last).not.toContain('a.json');
    expect(last).toContain('… and 3 more');
  });
});
