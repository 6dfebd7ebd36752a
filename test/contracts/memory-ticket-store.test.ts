// The unit tests trust the fake in place of the DynamoDB adapter; this holds it to the same contract.

import { ticketStoreContract } from '#test/contracts/ticket-store.contract.ts';
import { MemoryTicketStore } from '#test/fakes.ts';

ticketStoreContract('MemoryTicketStore', () => new MemoryTicketStore());
