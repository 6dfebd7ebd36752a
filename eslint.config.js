// Lint rules on top of tsc's strict checks (README, Tests).
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['node_modules/', 'cdk.out/', '.data/', 'coverage/', 'eric-layer/', 'client/src/generated/'] },
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
  { files: ['test/**', '**/*.test.ts', 'bench/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } } },
);
