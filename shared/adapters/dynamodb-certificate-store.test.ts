// Against dynalite, the local stand-in, in memory.

import { describe, expect, it } from 'vitest';
import { DynamoCertificateStore } from '#shared/adapters/dynamodb-certificate-store.ts';
import { newCertificateId } from '#shared/domain/certificate.ts';
import { certificateStoreContract } from '#test/contracts/certificate-store.contract.ts';
import { aCertificate } from '#test/fakes.ts';
import { memoryTableOfFile } from '#test/support/memory-table.ts';

const table = memoryTableOfFile('certificates');

const sealed = aCertificate().container;
const record = (client_id: string, created_at: string) => aCertificate({ client_id, created_at });

certificateStoreContract('DynamoCertificateStore', () => new DynamoCertificateStore(table.client, table.tableName));

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
});
