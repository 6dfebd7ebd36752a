import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contractText } from '#shared/contract-text.ts';

const document = (markdown: string) => {
  const file = join(mkdtempSync(join(tmpdir(), 'steuerbote-contract-')), 'texts.md');
  writeFileSync(file, markdown);
  return contractText(pathToFileURL(file));
};

describe('contract text in Markdown', () => {
  const text = document("# Texts\n\n## kennzahlen\n\nAt most {{maxKeys}} keys, `{ kz81 }` as JSON.\n\n## xml\n\nThe caller's `<E10>`.\nA second line.\n");

  it('gives a section as it is written, its values filled in', () => {
    expect(text('kennzahlen', { maxKeys: 100 })).toBe('At most 100 keys, `{ kz81 }` as JSON.');
    expect(text('xml')).toBe("The caller's `<E10>`.\nA second line.");
  });

  it('fails on a section that is not there, a value missing or a value the text never names', () => {
    expect(() => text('flags')).toThrow(/no section "## flags"/);
    expect(() => text('kennzahlen')).toThrow(/no value for \{\{maxKeys\}\}/);
    expect(() => text('xml', { maxKeys: 100 })).toThrow(/never names maxKeys/);
  });
});
