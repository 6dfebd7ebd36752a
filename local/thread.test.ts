import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startThread } from '#local/thread.ts';

const threadModule = pathToFileURL(new URL('./thread.ts', import.meta.url).pathname).href;
// A thread entry written inline: `body` runs inside `serveThread`'s start, with `data` in scope.
const entry = (body: string) =>
  new URL(`data:text/javascript,${encodeURIComponent(`import { serveThread } from '${threadModule}';\nawait serveThread(async (data) => { ${body} });`)}`);

describe('startThread', () => {
  it('answers what the thread said when ready, and stops the part it started', async () => {
    const thread = await startThread<{ doubled: number }>(entry(`return { ready: { doubled: data.n * 2 }, stop: async () => {} };`), { n: 21 }, () => {});
    expect(thread.ready.doubled).toBe(42);
    const exited = new Promise((resolve) => thread.worker.once('exit', resolve));
    await thread.stop();
    await exited;
    // Asked to stop, it did not end on its own.
    expect(await Promise.race([thread.ended.then(() => 'ended'), new Promise((resolve) => setTimeout(resolve, 50, 'still'))])).toBe('still');
  });

  it('rejects when the thread fails before it is ready', async () => {
    await expect(startThread(entry(`throw new Error('no port to listen on');`), {}, () => {})).rejects.toThrow('no port to listen on');
  });

  it('reports a later failure, tells that the thread ended, and stopping a thread that died already returns', async () => {
    const errors: Error[] = [];
    const thread = await startThread(
      entry(`setTimeout(() => { throw new Error('stand-in broke'); }, 10); return { ready: true, stop: async () => {} };`),
      {},
      (error) => errors.push(error),
    );
    await thread.ended;
    expect(errors.map((error) => error.message)).toEqual(['stand-in broke']);
    await thread.stop();
  });
});
