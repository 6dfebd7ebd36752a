import { describe, expect, it } from 'vitest';
import { isTerminal, isTicketId, maskTaxNumber, newTicketId, newWebhookId, ticketIdPattern, type TicketStatus } from '#shared/domain/ticket.ts';

describe('ticket IDs', () => {
  it('are URL-safe, match the documented pattern and carry 128 random bits', () => {
    const id = newTicketId();
    expect(id).toMatch(ticketIdPattern);
    expect(encodeURIComponent(id)).toBe(id);
    expect(Buffer.from(id.slice(3), 'base64url')).toHaveLength(16);
  });

  it('do not repeat', () => {
    const ids = new Set(Array.from({ length: 2000 }, newTicketId));
    expect(ids.size).toBe(2000);
  });

  it('are told apart from anything else by shape alone', () => {
    expect(isTicketId(newTicketId())).toBe(true);
    expect(isTicketId('tk_AAAAAAAAAAAAAAAAAAAA-_')).toBe(true);
    const others = [
      undefined,
      '',
      'tk_',
      'tk_AAAAAAAAAAAAAAAAAAAAA',
      'tk_AAAAAAAAAAAAAAAAAAAAAAA',
      'TK_AAAAAAAAAAAAAAAAAAAAAA',
      'tk_AAAAAAAAAAAAAAAAAAAAA=',
      'tk_AAAAAAAAAAAAAAAAAAAAA+',
      ` ${newTicketId()}`,
      `${newTicketId()}\n`,
    ];
    for (const other of others) expect(isTicketId(other), JSON.stringify(other)).toBe(false);
  });
});

describe('webhook IDs', () => {
  it('are distinct msg_ tokens', () => {
    const ids = new Set(Array.from({ length: 100 }, newWebhookId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^msg_[A-Za-z0-9_-]{22}$/);
  });
});

describe('maskTaxNumber', () => {
  it('shows only the last four digits', () => {
    expect(maskTaxNumber('9198011310010')).toBe('*********0010');
    expect(maskTaxNumber('9198011310010')).toHaveLength(13);
  });

  it('leaves nothing to mask in four or fewer characters', () => {
    expect(maskTaxNumber('9198')).toBe('9198');
    expect(maskTaxNumber('12')).toBe('12');
    expect(maskTaxNumber('')).toBe('');
  });
});

describe('isTerminal', () => {
  it('holds for delivered, rejected and failed only', () => {
    const statuses: TicketStatus[] = ['queued', 'processing', 'delivered', 'rejected', 'failed'];
    expect(statuses.filter(isTerminal)).toEqual(['delivered', 'rejected', 'failed']);
  });
});
