// What the CertificateStore port (shared/ports/certificate-store.ts) promises of a certificate's PIN checks and its
// lock, held against each implementation: the DynamoDB adapter, and the in-memory fake the unit
// tests trust in its place. The PIN lock (shared/certificates/pin-lock.ts) counts on each of these.

import { beforeEach, describe, expect, it } from 'vitest';
import { newCertificateId, pinCheckUnderWay } from '#shared/domain/certificate.ts';
import type { CertificateStore } from '#shared/ports/certificate-store.ts';
import { aCertificate } from '#test/fakes.ts';

const at = '2026-11-24T10:00:00.000Z';
const later = '2026-11-24T10:30:00.000Z';

/** `makeStore` may hand every test the same store: each test uses certificates of its own. */
export function certificateStoreContract(name: string, makeStore: () => CertificateStore | Promise<CertificateStore>) {
  describe(`${name} keeps the CertificateStore contract for PIN checks`, () => {
    let store: CertificateStore;
    beforeEach(async () => {
      store = await makeStore();
    });

    const created = async () => {
      const record = aCertificate({ pin_storage: 'per_submission', pin: undefined });
      expect(await store.create(record)).toBe(true);
      const { client_id, certificate_id } = record;
      return {
        reserve: (note: string, limit = 10, forget: string[] = [], when = at) => store.reservePinCheck(client_id, certificate_id, note, when, limit, forget),
        release: (note: string) => store.releasePinCheck(client_id, certificate_id, note),
        confirm: (note: string, when = at) => store.confirmWrongPin(client_id, certificate_id, note, when),
        notes: async () => (await store.get(client_id, certificate_id))?.wrong_pins,
        record,
      };
    };

    it('reserves no more than the limit however many reserve at once, the first ones racing to make the notes', async () => {
      const { reserve, notes } = await created();
      const notesTried = Array.from({ length: 25 }, (_, i) => `note-${i}`);
      const held = await Promise.all(notesTried.map((note) => reserve(note)));
      const reserved = notesTried.filter((_, i) => held[i]);
      expect(reserved).toHaveLength(10);
      expect(await notes()).toEqual(Object.fromEntries(reserved.map((note) => [pinCheckUnderWay(note), at])));
    });

    it('frees the place of a released check; a confirmed one keeps it, as a wrong PIN under its note at its time', async () => {
      const { reserve, release, confirm, notes } = await created();
      expect(await reserve('right', 2)).toBe(true);
      expect(await reserve('wrong', 2, [], later)).toBe(true);
      expect(await reserve('third', 2)).toBe(false);
      await release('right');
      expect(await notes()).toEqual({ [pinCheckUnderWay('wrong')]: later });
      expect(await confirm('wrong', later)).toEqual({ wrong: later });
      expect(await reserve('third', 2)).toBe(true);
      expect(await reserve('fourth', 2)).toBe(false);
      expect(await notes()).toEqual({ wrong: later, [pinCheckUnderWay('third')]: at });
    });

    it('ends a check only while it is noted: confirming one no longer noted notes nothing, releasing it changes nothing', async () => {
      const { reserve, release, confirm, notes } = await created();
      expect(await confirm('never-reserved')).toBeUndefined();
      expect(await reserve('once')).toBe(true);
      await release('once');
      await release('once');
      expect(await confirm('once')).toBeUndefined();
      expect(await notes()).toEqual({});
    });

    it('forgets the notes named in the same write, which leaves room for it, and holds only while each is still there', async () => {
      const { reserve, confirm, notes } = await created();
      for (const old of ['old-1', 'old-2']) {
        expect(await reserve(old, 2)).toBe(true);
        expect(await confirm(old)).toBeDefined();
      }
      // Two checks that read the same old notes reserve at once: one forgets them, and the other, its
      // count now stale, is refused rather than taking the forgetting for room.
      const held = await Promise.all(['a', 'b'].map((note) => reserve(note, 2, ['old-1', 'old-2'], later)));
      expect(held.filter(Boolean)).toHaveLength(1);
      const [winner, loser] = held[0] ? ['a', 'b'] : ['b', 'a'];
      expect(await notes()).toEqual({ [pinCheckUnderWay(winner!)]: later });
      expect(await reserve(loser!, 2, [], later)).toBe(true);
      expect(await reserve('c', 2, ['old-1'], later)).toBe(false);
    });

    it("reserves, ends and locks nothing for a certificate that is gone, or another client's, and brings none back", async () => {
      const { reserve, release, confirm, record } = await created();
      const other = { ...record, client_id: 'client-z' };
      expect(await store.reservePinCheck(other.client_id, other.certificate_id, 'n', at, 10, [])).toBe(false);
      expect(await store.lock(other.client_id, other.certificate_id, later, at)).toBe(false);
      expect(await store.get(other.client_id, other.certificate_id)).toBeUndefined();
      expect(await reserve('n')).toBe(true);
      expect(await store.delete(record.client_id, record.certificate_id)).toBe(true);
      expect(await reserve('m')).toBe(false);
      expect(await confirm('n')).toBeUndefined();
      await release('n');
      expect(await store.lock(record.client_id, record.certificate_id, later, at)).toBe(false);
      expect(await store.get(record.client_id, record.certificate_id)).toBeUndefined();
      expect(await store.reservePinCheck(record.client_id, newCertificateId(), 'n', at, 10, [])).toBe(false);
    });

    it('locks once while a lock holds, and again once it has ended', async () => {
      const { record } = await created();
      const lock = (until: string, now: string) => store.lock(record.client_id, record.certificate_id, until, now);
      expect(await lock('2026-11-24T11:00:00.000Z', '2026-11-24T10:00:00.000Z')).toBe(true);
      expect(await lock('2026-11-24T11:00:01.000Z', '2026-11-24T10:00:01.000Z')).toBe(false);
      expect((await store.get(record.client_id, record.certificate_id))?.locked_until).toBe('2026-11-24T11:00:00.000Z');
      expect(await lock('2026-11-24T12:00:00.000Z', '2026-11-24T11:00:00.000Z')).toBe(true);
      expect(await store.get(record.client_id, record.certificate_id)).toEqual({ ...record, locked_until: '2026-11-24T12:00:00.000Z' });
    });
  });
}
