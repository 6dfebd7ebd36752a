import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepRecords, keptFiles, writeRecords } from '#shared/transmission/records.ts';
import { MemoryProtocolStore } from '#test/fakes.ts';

const until = new Date('2036-11-22T10:00:00.000Z');
const files = [
  { fileName: 'p.pdf', content: new TextEncoder().encode('%PDF-1.7 protocol'), retainUntil: until },
  { fileName: 'n.xml', content: new TextEncoder().encode('<Anmeldungssteuern/>') },
];

afterEach(() => vi.useRealTimers());

describe('the records of an accepted send', () => {
  it('come back from the ticket as they were kept, with their lock', () => {
    const kept = keepRecords(files)!;
    expect(JSON.parse(JSON.stringify(kept))).toEqual(kept);
    expect(keptFiles({ kept_records: kept })).toEqual(files);
    expect(keptFiles({})).toEqual([]);
  });

  it('are not kept when they would not fit the ticket', () => {
    const noise = new Uint8Array(400_000).map(() => Math.floor(Math.random() * 256));
    expect(keepRecords([{ fileName: 'p.pdf', content: noise }])).toBeUndefined();
  });

  it('count as unwritten when S3 does not answer in time', async () => {
    vi.useFakeTimers();
    const protocols = new MemoryProtocolStore();
    vi.spyOn(protocols, 'putOnce').mockImplementation((_ticket, fileName) => (fileName === 'p.pdf' ? new Promise(() => undefined) : Promise.resolve(true)));
    const written = writeRecords(protocols, 'tk_a', files);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await written).toEqual(['p.pdf']);
  });
});
