// Lint rules on top of tsc's strict checks (README, Tests).
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['node_modules/', 'cdk.out/', '.data/', 'coverage/', 'eric-layer/', 'client/src/generated/', 'client/dist/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // Indexes are checked by noUncheckedIndexedAccess; a `!` marks one the code has just proven.
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Refusing control characters is what those patterns are for.
      'no-control-regex': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    // The first Intl formatter or collator of a process loads ICU's data: about 30 ms of a Lambda's
    // cold start (BENCHMARKS.md, "Cold starts"). German dates and amounts are reckoned by hand
    // (shared/domain/berlin-date.ts, shared/tax/money.ts); tests may use Intl as their reference.
    files: ['functions/**', 'shared/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-globals': ['error', { name: 'Intl', message: 'Intl costs a cold start about 30 ms: see shared/domain/berlin-date.ts.' }],
      'no-restricted-properties': [
        'error',
        ...['localeCompare', 'toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'].map((property) => ({
          property,
          message: 'locale-aware methods load ICU on a cold start: compare or format by hand.',
        })),
      ],
    },
  },
  { files: ['test/**', '**/*.test.ts', 'bench/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  // Plain JavaScript that Node runs as it is: the command's entry and the integrator example.
  { files: ['client/bin/*.js', 'examples/**/*.mjs'], languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } } },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } } },
);
