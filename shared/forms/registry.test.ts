import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadForm } from '#shared/forms/load.ts';
import { formOpenapi } from '#shared/forms/openapi.ts';
import type { YearFigureSources } from '#shared/forms/form.ts';
import { formFacts, kinds, prepaymentPairs, profitPairs, profitPartners } from '#shared/forms/registry.ts';
import { profitModule } from '#shared/manifest.ts';
import { loadCorpus } from '#test/support/corpus.ts';

const shared = path.join(import.meta.dirname, '..');
const repoRoot = path.join(shared, '..');

describe('the form registry', () => {
  // A folder holding a form's module is a form: the registry must list it, or nothing would reach it.
  const folders = readdirSync(import.meta.dirname, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(import.meta.dirname, entry.name, 'module.ts')))
    .map((entry) => entry.name);

  it('lists every form folder, and only those', () => {
    expect([...kinds].sort()).toEqual(folders.sort());
  });

  it.each(kinds)('finds each part of %s in its folder, by the names generic code uses', async (kind) => {
    const facts = formFacts[kind];
    expect(facts.kind).toBe(kind);
    // ERiC may name the form's Unterfallart between the Datenart and the year (`KSt_30_2024`).
    expect(facts.datenartVersion(2024)).toMatch(new RegExp(`^${facts.datenart}(_\\d+)?(_2024)?$`));
    const form = await loadForm(kind);
    expect(form.facts).toBe(facts);
    // What its functions' entries import from `#form/` (functions/form.d.ts).
    const { form: checked } = await import(`#shared/forms/${kind}/check.ts`);
    expect(checked.facts).toBe(facts);
    const { validation } = await import(`#shared/forms/${kind}/validation.ts`);
    for (const part of ['check', 'nutzdaten', 'readBack'] as const) expect(validation[part]).toBeTypeOf('function');
    expect(formOpenapi[kind].examples.contract).toBeDefined();
    // What the structure generator and the XSD oracle read, and the fixtures the corpus reads (test/support/corpus.ts).
    const { sources } = await import(`#shared/forms/${kind}/structure/sources.ts`);
    const files = 'prefix' in sources ? sources.years.map((year: number) => `${sources.file}-${year}.json`) : [`${sources.file}.json`];
    for (const file of files) expect(existsSync(path.join(import.meta.dirname, kind, 'structure', file)), file).toBe(true);
    expect((await loadCorpus()).some((fixture) => fixture.kind === kind && fixture.valid)).toBe(true);
  });

  // A form takes part in the hints across filings by its profit.ts alone (`#form-profit`, bundleAliases).
  it.each(kinds)('gives the submit function of %s its profit.ts, or none, and has one where a pair names it', async (kind) => {
    const own = existsSync(path.join(import.meta.dirname, kind, 'profit.ts'));
    expect(profitModule(kind)).toBe(own ? `./shared/forms/${kind}/profit.ts` : './shared/forms/no-profit.ts');
    const figures = await import(`#shared/forms/${kind}/profit.ts`).catch(() => import('#shared/forms/no-profit.ts'));
    const figure = figures.profit ?? (figures as YearFigureSources).prepayment;
    expect(figure === undefined ? 'none' : typeof figure).toBe(own ? 'function' : 'none');
    if (profitPartners(kind).length > 0 || prepaymentPairs.some((pair) => pair.includes(kind))) expect(own).toBe(true);
  });

  it('pairs only profits of two different forms, each pair once', () => {
    const keys = profitPairs.map((pair) => [...pair].sort().join('/'));
    expect(new Set(keys).size).toBe(keys.length);
    expect(profitPairs.filter(([one, other]) => one === other)).toEqual([]);
  });

  it('names each Datenart version as ERiC does', () => {
    expect(formFacts.ustva.datenartVersion(2026)).toBe('UStVA_2026');
    expect(formFacts.est.datenartVersion(2024)).toBe('ESt_2024');
    expect(formFacts.ust.datenartVersion(2025)).toBe('USt_2025');
    expect(formFacts.euer.datenartVersion(2024)).toBe('EUER_2024');
    expect(formFacts.lsta.datenartVersion(2026)).toBe('LStA_2026');
    // The KSt's names E30's Unterfallart 30 (`KSt_30_<Jahr>`).
    expect(formFacts.kst.datenartVersion(2024)).toBe('KSt_30_2024');
    // The ZM's schema is not per year: one version for all (Datenartversionmatrix.xml).
    expect(formFacts.zm.datenartVersion(2024)).toBe('ZMDO');
  });
});

// Generic code looks a form up by its kind; a form's name in it, or the name of one of its filings,
// would be a branch a new form could fall through, or a list a new form would have to join. The forms'
// own folders and the registry are where their names belong, and the document's showcase answers
// (accepted, refused, validated) are those of the UStVA's example.
const allowed = ['shared/openapi/examples.ts'];

describe('generic code', () => {
  const folders = [
    ...['submission', 'transmission', 'sandbox', 'webhooks', 'eric', 'wiring', 'queue', 'retention', 'http', 'openapi'].map((folder) => `shared/${folder}`),
    'functions',
    'infra',
  ];
  const shared = (folder: string) =>
    readdirSync(path.join(repoRoot, folder))
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'registry.ts')
      .map((file) => `${folder}/${file}`);
  const files = [
    'shared/manifest.ts',
    // What all forms share, and the domain beneath them.
    ...shared('shared/forms'),
    ...shared('shared/domain'),
    ...folders.flatMap((folder) =>
      readdirSync(path.join(repoRoot, folder), { recursive: true, encoding: 'utf8' })
        .map((file) => path.join(folder, file))
        .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !allowed.includes(file)),
    ),
  ];

  const names = [...kinds, ...kinds.flatMap((kind) => formFacts[kind].filings ?? [])];

  it.each(files)('%s names no form', (file) => {
    const text = readFileSync(path.join(repoRoot, file), 'utf8');
    expect(text.match(new RegExp(`['"\`](${names.join('|')})['"\`]`, 'g')) ?? []).toEqual([]);
    expect(text).not.toMatch(new RegExp(`#shared/forms/(${kinds.join('|')})/`));
  });
});
