import { describe, expect, it } from 'vitest';
import { jsonOutput, jsonText } from './json-output.ts';

const tickets = [
  { ticket: 'tk_1', status: 'delivered' },
  { ticket: 'tk_2', status: 'rejected' },
];

describe('jsonText', () => {
  it('filters through jq, strings printed as they are and anything else as JSON', async () => {
    expect(await jsonText(tickets, { jq: '.[1].ticket' })).toBe('tk_2\n');
    expect(await jsonText(tickets, { jq: 'map(.status) | length' })).toBe('2\n');
    expect(await jsonText(tickets, { jq: '.[] | select(.status == "none")' })).toBe('');
  });

  it('tells a jq expression that does not compile in one line', async () => {
    await expect(jsonText(tickets, { jq: '.[' })).rejects.toThrow(/^--jq: error: syntax error[^\n]*$/);
  });

  it('checks --json-fields against the fields named, even for an empty list, before jq sees the rest', async () => {
    await expect(jsonText([], { fields: ['nosuch'] }, ['ticket', 'status'])).rejects.toThrow('--json-fields: no field "nosuch" (fields: ticket, status)');
    expect(await jsonText(tickets, { fields: ['status'], jq: '.[0] | keys | join(",")' }, ['ticket', 'status'])).toBe('status\n');
  });
});

describe('jsonOutput', () => {
  it('--jq and --template imply JSON, and do not go together', () => {
    expect(jsonOutput({})).toBe(false);
    expect(jsonOutput({ jq: '.' })).toEqual({ jq: '.', template: undefined });
    expect(() => jsonOutput({ jq: '.', template: '{{.}}' })).toThrow('give --jq or --template, not both');
  });
});
