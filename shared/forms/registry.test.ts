import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formFacts, kinds } from '#shared/forms/facts.ts';
import { loadForm } from '#shared/forms/registry.ts';

const shared = path.join(import.meta.dirname, '..');

describe('the form registry', () => {
  it('has facts and a module for every kind, each its own', async () => {
    expect(kinds.sort()).toEqual(['est', 'lsta', 'ust', 'ustva', 'zm']);
    for (const kind of kinds) {
      const form = await loadForm(kind);
      expect(form.facts).toBe(formFacts[kind]);
      expect(form.facts.kind).toBe(kind);
      expect(form.facts.datenartVersion(2024)).toMatch(new RegExp(`^${form.facts.datenart}(_2024)?$`));
    }
  });

  it('names each Datenart version as ERiC does', () => {
    expect(formFacts.ustva.datenartVersion(2026)).toBe('UStVA_2026');
    expect(formFacts.est.datenartVersion(2024)).toBe('ESt_2024');
    expect(formFacts.ust.datenartVersion(2025)).toBe('USt_2025');
    expect(formFacts.lsta.datenartVersion(2026)).toBe('LStA_2026');
    // The ZM's schema is not per year: one version for all (Datenartversionmatrix.xml).
    expect(formFacts.zm.datenartVersion(2024)).toBe('ZMDO');
  });
});

// Generic code looks a form up by its kind; a form's name in it would be a branch a new form could
// fall through. The forms' own folders and the registries are where their names belong, and the
// document's showcase answers (accepted, refused, validated) are those of the UStVA's example.
const allowed = ['openapi/forms.ts', 'openapi/examples.ts'];

describe('generic code', () => {
  const folders = ['submission', 'transmission', 'sandbox', 'webhooks', 'eric', 'wiring', 'queue', 'retention', 'http', 'openapi'];
  const files = folders.flatMap((folder) =>
    readdirSync(path.join(shared, folder), { recursive: true, encoding: 'utf8' })
      .map((file) => path.join(folder, file))
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !allowed.includes(file)),
  );

  it.each(files)('%s names no form', (file) => {
    const text = readFileSync(path.join(shared, file), 'utf8');
    expect(text.match(/['"`](ustva|est|ust|lsta|zm)['"`]/g) ?? []).toEqual([]);
    expect(text).not.toMatch(/#shared\/forms\/(ustva|est|ust|lsta|zm)\//);
  });
});
