import { describe, expect, it } from 'vitest';
import { applyTemplate } from './template.ts';

const tickets = [
  { ticket: 'tk_1', status: 'delivered', labels: ['a', 'b'], error: null },
  { ticket: 'tk_2', status: 'rejected', labels: [], error: { code: 'ELSTER_REJECTED' } },
];

describe('applyTemplate', () => {
  it('ranges over a list, reads nested fields, and writes string literals', () => {
    expect(applyTemplate('{{range .}}{{.ticket}} {{.status}}{{"\\n"}}{{end}}', tickets)).toBe('tk_1 delivered\ntk_2 rejected\n');
    expect(applyTemplate('{{range .}}{{.error.code}};{{end}}', tickets)).toBe(';ELSTER_REJECTED;');
  });

  it('chooses with if and else, and says an empty range with else', () => {
    expect(applyTemplate('{{range .}}{{if .error}}✖{{else}}✔{{end}}{{end}}', tickets)).toBe('✔✖');
    expect(applyTemplate('{{range .}}x{{else}}none{{end}}', [])).toBe('none');
  });

  it('calls join, truncate and pluck, directly or piped, and trims beside {{- -}}', () => {
    expect(applyTemplate('{{join ", " .labels}}', tickets[0])).toBe('a, b');
    expect(applyTemplate('{{.status | truncate 6}}', tickets[0])).toBe('del...');
    expect(applyTemplate('{{pluck "ticket" . | join "|"}}', tickets)).toBe('tk_1|tk_2');
    expect(applyTemplate('a  {{- "b" -}}  c', {})).toBe('abc');
  });

  it('names what is wrong in the template', () => {
    expect(() => applyTemplate('{{range .}}x', [])).toThrow('--template: {{range}} without {{end}}');
    expect(() => applyTemplate('{{end}}', [])).toThrow('--template: {{end}} without {{if}} or {{range}}');
    expect(() => applyTemplate('{{.a | shout}}', {})).toThrow('--template: no function "shout" (functions: join, truncate, pluck, json)');
  });
});
