// What the TicketStore port (shared/ports/ticket-store.ts) promises, held against each implementation: the
// DynamoDB adapter, and the in-memory fake the unit tests trust in its place.

import { beforeEach, describe, expect, it } from 'vitest';
import { newTicketId, type Ticket, type TicketStatus, type WebhookState } from '#shared/domain/ticket.ts';
import type { TicketQuery, TicketStore } from '#shared/ports/ticket-store.ts';
import { aTicket } from '#test/fakes.ts';

const lease = '2026-11-22T10:05:00.000Z';
const otherLease = '2026-11-22T10:06:00.000Z';
const at = '2026-11-22T10:02:00.000Z';
const pending: WebhookState = { status: 'pending', attempts: 1, webhook_id: 'msg_1', next_attempt_at: '2026-11-22T10:03:00.000Z' };
const byId = (a: Ticket, b: Ticket) => a.ticket.localeCompare(b.ticket);
const notQueued: TicketStatus[] = ['processing', 'delivered', 'rejected', 'failed'];
/** Ten writers racing, each with its own lease. */
const racingLeases = Array.from({ length: 10 }, (_, i) => `2026-11-22T10:05:0${i}.000Z`);

/** `makeStore` may hand every test the same store: each test uses fresh ticket IDs and reads only those back. */
export function ticketStoreContract(name: string, makeStore: () => TicketStore | Promise<TicketStore>) {
  describe(`${name} keeps the TicketStore contract`, () => {
    let store: TicketStore;
    beforeEach(async () => {
      store = await makeStore();
    });

    const created = async (overrides: Partial<Ticket> = {}) => {
      const ticket = aTicket({ ticket: newTicketId(), ...overrides });
      expect(await store.create(ticket)).toBe(true);
      return ticket;
    };
    /** What a scan yields of `among`, in ID order: every ticket as often as it was yielded. */
    const yielded = async (scan: AsyncIterable<Ticket>, among: Ticket[]) => {
      const ids = new Set(among.map((ticket) => ticket.ticket));
      const found: Ticket[] = [];
      for await (const ticket of scan) if (ids.has(ticket.ticket)) found.push(ticket);
      return found.sort(byId);
    };
    /** Of writes that raced, exactly one held, and the store holds what it returned. */
    const soleWinner = async (ticket: Ticket, results: (Ticket | undefined)[]) => {
      const winners = results.filter((result) => result !== undefined);
      expect(winners).toHaveLength(1);
      expect(await store.get(ticket.ticket)).toEqual(winners[0]);
      return winners[0];
    };

    describe('create and get', () => {
      it('stores a new ticket and reads it back; an unknown ID reads as undefined', async () => {
        const ticket = await created({ status: 'processing', lease_until: lease, webhook: pending });
        expect(await store.get(ticket.ticket)).toEqual(ticket);
        expect(await store.get(newTicketId())).toBeUndefined();
      });

      it('finds a ticket by the transfer ticket its send was accepted under, with its client', async () => {
        const transfer = newTicketId().slice(3).toLowerCase().padEnd(32, '0');
        const ticket = await created({ status: 'delivered', transfer_ticket: transfer });
        expect(await store.byTransferTicket(transfer)).toEqual({ ticket: ticket.ticket, client_id: ticket.client_id });
        expect(await store.byTransferTicket('0'.repeat(32))).toBeUndefined();
      });

      it('refuses a taken ID and overwrites nothing', async () => {
        const ticket = await created();
        expect(await store.create({ ...ticket, client_id: 'client-b', status: 'failed' })).toBe(false);
        expect(await store.get(ticket.ticket)).toEqual(ticket);
      });

      it('hands out copies: changing what was read changes nothing stored', async () => {
        const ticket = await created({ webhook: pending });
        const read = await store.get(ticket.ticket);
        read!.status = 'failed';
        read!.webhook.status = 'failed';
        expect(await store.get(ticket.ticket)).toEqual(ticket);
      });
    });

    describe('transition', () => {
      it('applies the changes from the expected status and returns the updated ticket', async () => {
        const ticket = await created();
        const changes = { status: 'processing', lease_until: lease, attempts: 1, updated_at: at } as const;
        const updated = await store.transition(ticket.ticket, { status: 'queued' }, changes);
        expect(updated).toEqual({ ...ticket, ...changes });
        expect(await store.get(ticket.ticket)).toEqual(updated);
      });

      it.each(notQueued)('is undefined from %s when queued is expected, and changes nothing', async (status) => {
        const ticket = await created({ status });
        expect(await store.transition(ticket.ticket, { status: 'queued' }, { status: 'processing' })).toBeUndefined();
        expect(await store.get(ticket.ticket)).toEqual(ticket);
      });

      it('is undefined for a missing ticket, and creates none', async () => {
        const id = newTicketId();
        expect(await store.transition(id, { status: 'queued' }, { status: 'processing' })).toBeUndefined();
        expect(await store.get(id)).toBeUndefined();
      });

      it('with an expected lease, holds only while the ticket has that lease', async () => {
        const ticket = await created({ status: 'processing', lease_until: lease });
        const unleased = await created({ status: 'processing' });
        expect(await store.transition(ticket.ticket, { status: 'processing', lease_until: otherLease }, { status: 'failed' })).toBeUndefined();
        expect(await store.transition(unleased.ticket, { status: 'processing', lease_until: lease }, { status: 'failed' })).toBeUndefined();
        expect(await store.get(ticket.ticket)).toEqual(ticket);
        expect(await store.get(unleased.ticket)).toEqual(unleased);
        expect(await store.transition(ticket.ticket, { status: 'processing', lease_until: lease }, { status: 'failed' })).toEqual({
          ...ticket,
          status: 'failed',
        });
      });

      it('without an expected lease, holds whatever the lease', async () => {
        const ticket = await created({ status: 'processing', lease_until: lease });
        expect(await store.transition(ticket.ticket, { status: 'processing' }, { lease_until: otherLease })).toEqual({
          ...ticket,
          lease_until: otherLease,
        });
      });

      it('drops the fields named in remove, and an undefined change removes nothing', async () => {
        const ticket = await created({ status: 'processing', lease_until: lease, next_wake_at: at });
        const changes = { status: 'queued', next_wake_at: undefined } as const;
        const updated = await store.transition(ticket.ticket, { status: 'processing' }, changes, ['lease_until']);
        const { lease_until: _dropped, ...rest } = ticket;
        expect(updated).toEqual({ ...rest, status: 'queued' });
        expect(updated).not.toHaveProperty('lease_until');
        expect(await store.get(ticket.ticket)).not.toHaveProperty('lease_until');
        expect((await store.get(ticket.ticket))?.next_wake_at).toBe(at);
      });

      it('with nothing to change, still answers whether the ticket was in the expected state', async () => {
        const ticket = await created();
        expect(await store.transition(ticket.ticket, { status: 'processing' }, {})).toBeUndefined();
        expect(await store.transition(ticket.ticket, { status: 'queued' }, { next_wake_at: undefined })).toEqual(ticket);
        expect(await store.get(ticket.ticket)).toEqual(ticket);
      });

      it('lets exactly one of many concurrent transitions from the same state win', async () => {
        const ticket = await created();
        const results = await Promise.all(
          racingLeases.map((lease_until) => store.transition(ticket.ticket, { status: 'queued' }, { status: 'processing', lease_until })),
        );
        await soleWinner(ticket, results);
      });
    });

    describe('claim', () => {
      it('moves a queued ticket to processing under the lease, counts the attempt and drops next_wake_at', async () => {
        const ticket = await created({ attempts: 2, next_wake_at: at });
        const claimed = await store.claim(ticket.ticket, lease, at);
        const { next_wake_at: _due, ...rest } = ticket;
        expect(claimed).toEqual({ ...rest, status: 'processing', lease_until: lease, updated_at: at, attempts: 3 });
        expect(claimed).not.toHaveProperty('next_wake_at');
        expect(await store.get(ticket.ticket)).toEqual(claimed);
      });

      it('is undefined for a missing ticket, and creates none', async () => {
        const id = newTicketId();
        expect(await store.claim(id, lease, at)).toBeUndefined();
        expect(await store.get(id)).toBeUndefined();
      });

      it.each(notQueued)('is undefined for a %s ticket, and changes nothing', async (status) => {
        const ticket = await created({ status, lease_until: lease, attempts: 1 });
        expect(await store.claim(ticket.ticket, otherLease, at)).toBeUndefined();
        expect(await store.get(ticket.ticket)).toEqual(ticket);
      });

      it('lets exactly one of many concurrent claims win, counting one attempt', async () => {
        const ticket = await created();
        const results = await Promise.all(racingLeases.map((lease_until) => store.claim(ticket.ticket, lease_until, at)));
        expect((await soleWinner(ticket, results))?.attempts).toBe(1);
      });
    });

    describe('updateWebhook', () => {
      it('replaces the webhook state while its delivery is the expected one: fields the new state lacks go', async () => {
        const ticket = await created({ status: 'delivered', webhook: pending });
        const webhook: WebhookState = { status: 'delivered', attempts: 2, webhook_id: 'msg_1', last_response_status: 204 };
        const updated = await store.updateWebhook(ticket.ticket, 'msg_1', webhook);
        expect(updated).toEqual({ ...ticket, webhook });
        expect(updated?.webhook).not.toHaveProperty('next_attempt_at');
        expect(await store.get(ticket.ticket)).toEqual(updated);
      });

      it('given the attempts it expects, records only the first of two attempts that both saw that many', async () => {
        const ticket = await created({ status: 'delivered', webhook: pending });
        const delivered: WebhookState = { ...pending, status: 'delivered', attempts: pending.attempts + 1 };
        const updated = await store.updateWebhook(ticket.ticket, 'msg_1', delivered, pending.attempts);
        expect(updated?.webhook).toEqual(delivered);
        expect(await store.updateWebhook(ticket.ticket, 'msg_1', { ...pending, attempts: pending.attempts + 1 }, pending.attempts)).toBeUndefined();
        expect(await store.get(ticket.ticket)).toEqual(updated);
      });

      it('is undefined while another delivery, or none, is current, and changes nothing', async () => {
        const ticket = await created({ status: 'delivered', webhook: pending });
        const disabled = await created({ status: 'delivered' });
        const webhook: WebhookState = { status: 'pending', attempts: 0, webhook_id: 'msg_2' };
        expect(await store.updateWebhook(ticket.ticket, 'msg_2', webhook)).toBeUndefined();
        expect(await store.updateWebhook(ticket.ticket, undefined, webhook)).toBeUndefined();
        expect(await store.updateWebhook(disabled.ticket, 'msg_1', webhook)).toBeUndefined();
        expect(await store.get(ticket.ticket)).toEqual(ticket);
        expect(await store.get(disabled.ticket)).toEqual(disabled);
      });

      it('expecting no delivery, starts the first one, once', async () => {
        const ticket = await created({ status: 'delivered' });
        const first: WebhookState = { status: 'pending', attempts: 0, webhook_id: 'msg_1' };
        const updated = await store.updateWebhook(ticket.ticket, undefined, first);
        expect(updated).toEqual({ ...ticket, webhook: first });
        expect(await store.updateWebhook(ticket.ticket, undefined, { ...first, webhook_id: 'msg_2' })).toBeUndefined();
        expect(await store.get(ticket.ticket)).toEqual(updated);
      });

      it('is undefined for a missing ticket, and creates none', async () => {
        const id = newTicketId();
        expect(await store.updateWebhook(id, undefined, pending)).toBeUndefined();
        expect(await store.updateWebhook(id, 'msg_1', pending)).toBeUndefined();
        expect(await store.get(id)).toBeUndefined();
      });

      it('lets exactly one of many concurrent updates from the same delivery win', async () => {
        const ticket = await created({ status: 'delivered' });
        const states = Array.from({ length: 10 }, (_, i): WebhookState => ({ status: 'pending', attempts: 0, webhook_id: `msg_${i}` }));
        const results = await Promise.all(states.map((webhook) => store.updateWebhook(ticket.ticket, undefined, webhook)));
        await soleWinner(ticket, results);
      });
    });

    describe('owed', () => {
      it('yields each ticket owing a transmission or a webhook delivery once, and no other', async () => {
        const owed = [
          await created({ status: 'queued' }),
          await created({ status: 'queued', webhook: pending }),
          await created({ status: 'processing', lease_until: lease }),
          await created({ status: 'delivered', webhook: pending }),
          await created({ status: 'rejected', webhook: pending }),
          await created({ status: 'failed', webhook: pending }),
        ];
        const done = [
          await created({ status: 'delivered' }),
          await created({ status: 'rejected', webhook: { ...pending, status: 'delivered' } }),
          await created({ status: 'failed', webhook: { ...pending, status: 'failed', failure_reason: 'GONE' } }),
        ];
        expect(await yielded(store.owed(), [...owed, ...done])).toEqual(owed.sort(byId));
      });

      it('yields every one of many, however they are paged', async () => {
        // Large enough to take DynamoDB more than one page of scanning (1 MB each).
        const padding = 'x'.repeat(200_000);
        const owed = [];
        for (let i = 0; i < 12; i++) owed.push(await created({ client_reference: padding }));
        expect(await yielded(store.owed(), owed)).toEqual(owed.sort(byId));
      });
    });

    describe('awaitingCertificate', () => {
      it("yields the client's queued and processing tickets signed with the certificate, and no other", async () => {
        const signer = { client_id: 'client-a', certificate_id: 'crt_AAAAAAAAAAAAAAAAAAAAAA' };
        const awaiting = [await created({ ...signer, status: 'queued' }), await created({ ...signer, status: 'processing', lease_until: lease })];
        const others = [
          await created({ ...signer, status: 'delivered' }),
          await created({ ...signer, status: 'failed', webhook: pending }),
          await created({ ...signer, client_id: 'client-b' }),
          await created({ ...signer, certificate_id: 'crt_BBBBBBBBBBBBBBBBBBBBBB' }),
          await created({ client_id: signer.client_id }),
        ];
        const ids = new Set([...awaiting, ...others].map((ticket) => ticket.ticket));
        const found: Pick<Ticket, 'ticket' | 'status'>[] = [];
        for await (const ticket of store.awaitingCertificate(signer.client_id, signer.certificate_id)) if (ids.has(ticket.ticket)) found.push(ticket);
        expect(found.sort((a, b) => a.ticket.localeCompare(b.ticket))).toEqual(awaiting.sort(byId).map(({ ticket, status }) => ({ ticket, status })));

        // Finished, it is awaited no longer.
        const [queued, processing] = awaiting.sort((a, b) => a.status.localeCompare(b.status)).reverse();
        await store.transition(processing!.ticket, { status: 'processing' }, { status: 'delivered' }, ['lease_until']);
        const left: string[] = [];
        for await (const { ticket } of store.awaitingCertificate(signer.client_id, signer.certificate_id)) if (ids.has(ticket)) left.push(ticket);
        expect(left).toEqual([queued!.ticket]);
      });
    });

    describe('claimRecords', () => {
      const accepted = (lease_until: string) =>
        created({ status: 'processing', lease_until, attempts: 1, transfer_ticket: 'abcdefghij0123456789klmnopqrstuv' });

      it('takes an accepted ticket whose records are owed once its lease has lapsed, under a new lease', async () => {
        const ticket = await accepted(at);
        const taken = await store.claimRecords(ticket.ticket, lease, '2026-11-22T10:02:00.001Z');
        expect(taken).toEqual({ ...ticket, lease_until: lease, updated_at: '2026-11-22T10:02:00.001Z' });
        expect(await store.get(ticket.ticket)).toEqual(taken);
      });

      it('leaves a live lease, a ticket not accepted and a finished one alone', async () => {
        const live = await accepted(lease);
        const unsent = await created({ status: 'processing', lease_until: at, attempts: 1 });
        const finished = await created({ status: 'delivered', transfer_ticket: 'abcdefghij0123456789klmnopqrstuv' });
        for (const ticket of [live, unsent, finished]) {
          expect(await store.claimRecords(ticket.ticket, otherLease, '2026-11-22T10:04:00.000Z')).toBeUndefined();
          expect(await store.get(ticket.ticket)).toEqual(ticket);
        }
        expect(await store.claimRecords(newTicketId(), otherLease, at)).toBeUndefined();
      });

      it('lets one of many racing workers take it', async () => {
        const ticket = await accepted(at);
        await soleWinner(ticket, await Promise.all(racingLeases.map((racing) => store.claimRecords(ticket.ticket, racing, lease))));
      });
    });

    describe('finishedBefore', () => {
      it('yields the tickets finished before the cutoff whose submission is still kept, and no other', async () => {
        const cutoff = '2026-11-23T10:00:00.000Z';
        const before = '2026-11-23T09:59:59.999Z';
        const due = [
          await created({ status: 'delivered', updated_at: before }),
          await created({ status: 'rejected', updated_at: '2026-11-01T00:00:00.000Z', webhook: pending }),
          await created({ status: 'failed', updated_at: before }),
        ];
        const kept = [
          await created({ status: 'delivered', updated_at: cutoff }),
          await created({ status: 'failed', updated_at: '2026-11-24T00:00:00.000Z' }),
          await created({ status: 'delivered', updated_at: before, submission_deleted_at: before }),
          await created({ status: 'queued', updated_at: before }),
          await created({ status: 'processing', updated_at: before, lease_until: before }),
        ];
        const ids = new Set([...due, ...kept].map((ticket) => ticket.ticket));
        const found: Pick<Ticket, 'ticket' | 'status'>[] = [];
        for await (const ticket of store.finishedBefore(cutoff)) if (ids.has(ticket.ticket)) found.push({ ticket: ticket.ticket, status: ticket.status });
        expect(found.sort((a, b) => a.ticket.localeCompare(b.ticket))).toEqual(due.sort(byId).map(({ ticket, status }) => ({ ticket, status })));
      });

      it('follows a ticket through its life: owed while queued, processing or its webhook pending; unswept once finished until its submission goes', async () => {
        const ticket = await created({ status: 'queued' });
        const owed = async () => (await yielded(store.owed(), [ticket])).length === 1;
        const unswept = async () => {
          for await (const found of store.finishedBefore('9999-01-01T00:00:00.000Z')) if (found.ticket === ticket.ticket) return true;
          return false;
        };
        expect([await owed(), await unswept()]).toEqual([true, false]);
        await store.claim(ticket.ticket, lease, at);
        expect([await owed(), await unswept()]).toEqual([true, false]);
        await store.transition(ticket.ticket, { status: 'processing', lease_until: lease }, { status: 'delivered', updated_at: at, webhook: pending }, [
          'lease_until',
        ]);
        expect([await owed(), await unswept()]).toEqual([true, true]);
        await store.updateWebhook(ticket.ticket, pending.webhook_id, { ...pending, status: 'delivered' });
        expect([await owed(), await unswept()]).toEqual([false, true]);
        await store.updateWebhook(ticket.ticket, pending.webhook_id, { ...pending, webhook_id: 'msg_again' });
        expect([await owed(), await unswept()]).toEqual([true, true]);
        await store.transition(ticket.ticket, { status: 'delivered' }, { submission_deleted_at: at });
        expect([await owed(), await unswept()]).toEqual([true, false]);
        // What the index keeps is the adapter's business: the ticket reads as it was written.
        expect(Object.keys((await store.get(ticket.ticket))!).filter((key) => key.endsWith('_shard'))).toEqual([]);
      });

      it('lets a released or failed ticket leave or stay owed as its status says', async () => {
        const released = await created({ status: 'processing', lease_until: lease });
        await store.transition(released.ticket, { status: 'processing', lease_until: lease }, { status: 'queued', updated_at: at }, ['lease_until']);
        const failed = await created({ status: 'processing', lease_until: lease });
        await store.transition(failed.ticket, { status: 'processing', lease_until: lease }, { status: 'failed', updated_at: at }, ['lease_until']);
        expect((await yielded(store.owed(), [released, failed])).map((ticket) => ticket.ticket)).toEqual([released.ticket]);
      });
    });

    describe('list', () => {
      /** A client of its own per test, with tickets a minute apart, the newest last. */
      const clientWith = async (overrides: Partial<Ticket>[]) => {
        const client = `client-${newTicketId()}`;
        const tickets: Ticket[] = [];
        for (const [i, override] of overrides.entries()) {
          tickets.push(await created({ client_id: client, created_at: `2026-11-22T10:${String(i).padStart(2, '0')}:00.000Z`, ...override }));
        }
        return { client, tickets };
      };
      const ids = (tickets: Ticket[]) => tickets.map((ticket) => ticket.ticket);

      it("pages through the client's tickets newest first, each page after the last one's ticket, and says when nothing follows", async () => {
        const { client, tickets } = await clientWith([{}, {}, {}, {}, {}]);
        await clientWith([{}, {}]);
        const newestFirst = ids(tickets).reverse();
        const first = await store.list(client, { limit: 2 });
        expect(ids(first.tickets)).toEqual(newestFirst.slice(0, 2));
        expect(first.tickets[0]).toEqual(tickets.at(-1));
        expect(first.last).toEqual({ ticket: newestFirst[1], created_at: tickets[3]!.created_at });
        const second = await store.list(client, { limit: 2, after: first.last });
        expect(ids(second.tickets)).toEqual(newestFirst.slice(2, 4));
        const third = await store.list(client, { limit: 2, after: second.last });
        expect(ids(third.tickets)).toEqual(newestFirst.slice(4));
        expect(third.last).toBeUndefined();
        expect((await store.list(client, { limit: 5 })).last).toBeUndefined();
        expect(await store.list(`client-${newTicketId()}`, { limit: 5 })).toEqual({ tickets: [] });
      });

      it('keeps only the tickets of the kind, status, reference and time asked for; created_after counts, created_before does not', async () => {
        const { client, tickets } = await clientWith([
          { kind: 'est', status: 'delivered', client_reference: 'march' },
          { status: 'delivered', client_reference: 'march' },
          { status: 'failed', client_reference: 'march' },
          { status: 'delivered', client_reference: 'april' },
          { status: 'delivered' },
        ]);
        const listed = async (query: Omit<TicketQuery, 'limit'>) => ids((await store.list(client, { limit: 10, ...query })).tickets);
        expect(await listed({ kind: 'est' })).toEqual([tickets[0]!.ticket]);
        expect(await listed({ kind: 'ustva', status: 'delivered' })).toEqual(ids([tickets[4]!, tickets[3]!, tickets[1]!]));
        expect(await listed({ client_reference: 'march', status: 'delivered' })).toEqual(ids([tickets[1]!, tickets[0]!]));
        expect(await listed({ client_reference: 'mar' })).toEqual([]);
        expect(await listed({ created_after: tickets[1]!.created_at, created_before: tickets[3]!.created_at })).toEqual(ids([tickets[2]!, tickets[1]!]));
        expect(await listed({ created_after: tickets[3]!.created_at })).toEqual(ids([tickets[4]!, tickets[3]!]));
        expect(await listed({ created_before: tickets[1]!.created_at })).toEqual([tickets[0]!.ticket]);
        const page = await store.list(client, { limit: 1, status: 'delivered', created_before: tickets[4]!.created_at });
        expect(ids(page.tickets)).toEqual([tickets[3]!.ticket]);
        expect(ids((await store.list(client, { limit: 5, status: 'delivered', created_before: tickets[4]!.created_at, after: page.last })).tickets)).toEqual(
          ids([tickets[1]!, tickets[0]!]),
        );
      });
    });
  });
}
