// The example's Vitest configuration. `contacts-mock-kit/msw` is aliased to its source in this
// repository (mock/fetch/node/msw.ts), so the example runs without a build; installed from npm,
// the package resolves it by itself and this alias goes.
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: {
    alias: {
      'contacts-mock-kit/msw': fileURLToPath(
        new URL('../../mock/fetch/node/msw.ts', import.meta.url),
      ),
    },
  },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // a first test compiles the validators it needs (Ajv, once per process)
    testTimeout: 20_000,
  },
})
