// Against dynalite, the local stand-in, in memory.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoCertificateStore } from '#shared/adapters/dynamodb-certificate-store.ts';
import { newCertificateId, type CertificateRecord } from '#shared/domain/certificate.ts';
import { startMemoryTable, type MemoryTable } from '#test/support/memory-table.ts';

let table: MemoryTable;
beforeAll(async () => {
  table = await startMemoryTable('certificates');
});
afterAll(() => table?.close());

const sealed = { key: 'a2V5', iv: 'aXY=', tag: 'dGFn', data: 'ZGF0YQ==' };
const record = (client_id: string, created_at: string): CertificateRecord => ({
  client_id,
  certificate_id: newCertificateId(),
  subject: 'CN=Muster GmbH',
  issuer: 'CN=ELSTER',
  serial: '01',
  not_before: '2026-01-01T00:00:00.000Z',
  not_after: '2027-01-01T00:00:00.000Z',
  fingerprint_sha256: 'ab'.repeat(32),
  pin_storage: 'stored',
  created_at,
  container: sealed,
  pin: sealed,
});

describe('DynamoCertificateStore', () => {
  const store = () => new DynamoCertificateStore(table.client, table.tableName);

  it('keeps a certificate once under its ID, and finds it only for its own client', async () => {
    const mine = record('client-a', '2026-11-24T10:00:00.000Z');
    expect(await store().create(mine)).toBe(true);
    expect(await store().create({ ...mine, label: 'again' })).toBe(false);
    expect(await store().get('client-a', mine.certificate_id)).toEqual(mine);
    expect(await store().get('client-b', mine.certificate_id)).toBeUndefined();
  });

  it("lists a client's certificates newest first, and no other client's", async () => {
    const older = record('client-c', '2026-11-20T10:00:00.000Z');
    const newer = record('client-c', '2026-11-24T10:00:00.000Z');
    for (const r of [older, newer, record('client-d', '2026-11-25T10:00:00.000Z')]) await store().create(r);
    expect((await store().list('client-c')).map((r) => r.certificate_id)).toEqual([newer.certificate_id, older.certificate_id]);
  });

  it('deletes only what exists, and only for its client', async () => {
    const mine = record('client-e', '2026-11-24T10:00:00.000Z');
    await store().create(mine);
    expect(await store().delete('client-f', mine.certificate_id)).toBe(false);
    expect(await store().delete('client-e', mine.certificate_id)).toBe(true);
    expect(await store().delete('client-e', mine.certificate_id)).toBe(false);
    expect(await store().get('client-e', mine.certificate_id)).toBeUndefined();
  });

  it('puts secrets sealed again in place only over the sealing it read, and never brings a deleted certificate back', async () => {
    const mine = record('client-i', '2026-11-24T10:00:00.000Z');
    await store().create(mine);
    const again = { container: { ...sealed, key: 'bmV3', version: 2 as const }, pin: { ...sealed, key: 'bmV3cGlu', version: 2 as const } };
    expect(await store().reseal('client-i', mine.certificate_id, again, { ...sealed, key: 'b3RoZXI=' })).toBe(false);
    expect(await store().reseal('client-i', mine.certificate_id, again, mine.container)).toBe(true);
    expect(await store().get('client-i', mine.certificate_id)).toEqual({ ...mine, ...again });
    expect(await store().reseal('client-i', mine.certificate_id, again, mine.container)).toBe(false);
    expect(await store().reseal('client-i', newCertificateId(), again, mine.container)).toBe(false);
    expect(await store().get('client-i', newCertificateId())).toBeUndefined();
  });

  it("yields every client's certificates that end before the cutoff, without their sealed secrets", async () => {
    const soon = { ...record('client-g', '2026-11-24T10:00:00.000Z'), not_after: '2026-12-01T00:00:00.000Z' };
    const later = { ...record('client-h', '2026-11-24T10:00:00.000Z'), not_after: '2027-06-01T00:00:00.000Z' };
    for (const r of [soon, later]) await store().create(r);
    const found = [];
    for await (const certificate of store().expiringBefore('2026-12-24T00:00:00.000Z'))
      if (certificate.client_id.startsWith('client-')) found.push(certificate);
    expect(found).toContainEqual({ client_id: 'client-g', certificate_id: soon.certificate_id, not_after: soon.not_after });
    expect(found.map((c) => c.certificate_id)).not.toContain(later.certificate_id);
    expect(JSON.stringify(found)).not.toContain(sealed.data);
  });

  it('notes wrong PINs under keys of their own, concurrent ones included, and forgets the ones named', async () => {
    const mine = record('client-i', '2026-11-24T10:00:00.000Z');
    await store().create(mine);
    const first = await store().noteWrongPin('client-i', mine.certificate_id, '2026-11-24T10:00:00.000Z', []);
    expect(Object.values(first!)).toEqual(['2026-11-24T10:00:00.000Z']);
    // Ten at once: the first ones race to make the map, and every note is kept all the same.
    await Promise.all(Array.from({ length: 10 }, () => store().noteWrongPin('client-i', mine.certificate_id, '2026-11-24T10:30:00.000Z', [])));
    const [old] = Object.keys(first!);
    const kept = await store().noteWrongPin('client-i', mine.certificate_id, '2026-11-24T11:30:00.000Z', [old!, 'never-noted']);
    expect(Object.values(kept!).sort()).toEqual([...Array(10).fill('2026-11-24T10:30:00.000Z'), '2026-11-24T11:30:00.000Z']);
    expect((await store().get('client-i', mine.certificate_id))?.wrong_pins).toEqual(kept);
  });

  it("notes nothing for a certificate that is gone, or another client's, and brings none back", async () => {
    const mine = record('client-j', '2026-11-24T10:00:00.000Z');
    await store().create(mine);
    expect(await store().noteWrongPin('client-k', mine.certificate_id, '2026-11-24T10:00:00.000Z', [])).toBeUndefined();
    expect(await store().get('client-k', mine.certificate_id)).toBeUndefined();
    await store().delete('client-j', mine.certificate_id);
    expect(await store().noteWrongPin('client-j', mine.certificate_id, '2026-11-24T10:00:00.000Z', [])).toBeUndefined();
    expect(await store().lock('client-j', mine.certificate_id, '2026-11-24T11:00:00.000Z', '2026-11-24T10:00:00.000Z')).toBe(false);
    expect(await store().get('client-j', mine.certificate_id)).toBeUndefined();
  });

  it('locks once while a lock holds, and again once it has ended', async () => {
    const mine = record('client-l', '2026-11-24T10:00:00.000Z');
    await store().create(mine);
    expect(await store().lock('client-l', mine.certificate_id, '2026-11-24T11:00:00.000Z', '2026-11-24T10:00:00.000Z')).toBe(true);
    expect(await store().lock('client-l', mine.certificate_id, '2026-11-24T11:00:01.000Z', '2026-11-24T10:00:01.000Z')).toBe(false);
    expect((await store().get('client-l', mine.certificate_id))?.locked_until).toBe('2026-11-24T11:00:00.000Z');
    expect(await store().lock('client-l', mine.certificate_id, '2026-11-24T12:00:00.000Z', '2026-11-24T11:00:00.000Z')).toBe(true);
    expect(await store().get('client-l', mine.certificate_id)).toMatchObject({ ...mine, locked_until: '2026-11-24T12:00:00.000Z' });
  });
});
