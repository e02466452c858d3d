import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import { defineConfig } from 'eslint/config'
import tseslint from 'typescript-eslint'
import { layersPlugin } from './scripts/eslint-layers.js'
import { JEST_TESTS, PROCESS_MODULES, PROCESS_TESTS } from './scripts/test-kinds.js'

export default defineConfig(
  {
    ignores: [
      'node_modules/',
      'reports/',
      'data/',
      '.data/',
      'coverage/',
      'dist/',
      // StrykerJS's sandbox while npm run test:mutation runs: instrumented copies of mock/
      '.stryker-tmp/',
      'openapi/types.ts',
      'openapi/admin-types.ts',
      // a user's CommonJS project: it needs the installed package, and ts-jest type-checks it
      // there (scripts/package.test.ts)
      'examples/jest-cjs/',
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Config files are plain JS outside tsconfig.json: lint them without type information.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    files: ['**/*.ts'],
    plugins: { layers: layersPlugin },
    rules: { 'layers/direction': 'error' },
  },
  {
    // a unit test runs in this process only (`npm run test:unit`, the fast loop): one that starts
    // a process, a browser or a cluster belongs in scripts/test-kinds.js's PROCESS_TESTS
    files: [JEST_TESTS],
    // the package test runs on its own (`npm run test:package`): it packs and installs the package
    ignores: [...PROCESS_TESTS, 'scripts/package.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: PROCESS_MODULES.filter((name) => !name.includes('*')).map((name) => ({
            name,
            message: 'A unit test starts no process: list this file in scripts/test-kinds.js.',
          })),
          patterns: [
            {
              group: PROCESS_MODULES.filter((name) => name.includes('*')),
              message: 'A unit test starts no process: list this file in scripts/test-kinds.js.',
            },
          ],
        },
      ],
    },
  },
  prettier,
)
