import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '#shared/http/http-error.ts';
import { ownedTicket } from '#shared/http/owned-ticket.ts';
import { MemoryTicketStore, aTicket, validTicketId } from '#test/fakes.ts';

async function storeWithTicket() {
  const store = new MemoryTicketStore();
  await store.create(aTicket({ client_id: 'client-a' }));
  return { store, get: vi.spyOn(store, 'get') };
}

const notFound = { status: 404, code: 'NOT_FOUND', message: 'Ticket not found' };

describe('ownedTicket', () => {
  it("returns the caller's own ticket", async () => {
    const { store } = await storeWithTicket();
    expect(await ownedTicket(store, validTicketId, 'client-a')).toMatchObject({ ticket: validTicketId, client_id: 'client-a' });
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['without prefix', 'AAAAAAAAAAAAAAAAAAAAAA'],
    ['too short', 'tk_AAAA'],
    ['too long', `${validTicketId}A`],
    ['with a slash', 'tk_AAAAAAAAAAAAAAAAAAAA/A'],
    ['with a dot', 'tk_AAAAAAAAAAAAAAAAAAAA.A'],
  ])('answers a %s ID with 404 without asking the store', async (_, id) => {
    const { store, get } = await storeWithTicket();
    const refused = ownedTicket(store, id, 'client-a');
    await expect(refused).rejects.toBeInstanceOf(HttpError);
    await expect(refused).rejects.toMatchObject(notFound);
    expect(get).not.toHaveBeenCalled();
  });

  it("answers another client's ticket exactly like a missing one", async () => {
    const { store, get } = await storeWithTicket();
    await expect(ownedTicket(store, validTicketId, 'client-b')).rejects.toMatchObject(notFound);
    await expect(ownedTicket(store, 'tk_BBBBBBBBBBBBBBBBBBBBBB', 'client-a')).rejects.toMatchObject(notFound);
    await expect(ownedTicket(store, validTicketId, undefined)).rejects.toMatchObject(notFound);
    expect(get).toHaveBeenCalledTimes(3);
  });
});
