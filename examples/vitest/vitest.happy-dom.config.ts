// The example as a project that installed contacts-mock-kit from npm runs it, in happy-dom's
// window: the page's fetch, Request and Headers are happy-dom's (whose Headers keeps a name's
// capitals, `Authorization`), and `contacts-mock-kit/msw` resolves to the installed package, with
// no alias. scripts/package.test.ts runs it so, beside the packed tarball installed in a fresh
// project: in this repository, a DOM environment gives the sources an `import.meta.url` that is
// not a file URL, and the mock reads its documents from files.
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.ts'],
    // a first test compiles the validators it needs (Ajv, once per process)
    testTimeout: 20_000,
  },
})
