// A CommonJS project (no "type": "module"): contacts-mock-kit is required through its `require`
// exports (dist/cjs/, its own ES-module-only dependencies bundled in) and is never transformed.
/** @type {import('jest').Config} */
module.exports = {
  // jsdom with the platform's fetch, Request and Response kept (MSW's advice for Jest: plain
  // jest-environment-jsdom has no fetch, and resolves msw/node to its browser build)
  testEnvironment: 'jest-fixed-jsdom',
  transform: {
    '^.+\\.ts$': 'ts-jest',
    '^.+\\.m?js$': ['ts-jest', { tsconfig: { allowJs: true } }],
  },
  // MSW's own: since 2.13 msw/node requires these ES-module-only packages, which Jest's CommonJS
  // runtime loads only on Node 24.9 and later (mswjs/msw#2698); they are compiled to CommonJS here
  transformIgnorePatterns: ['/node_modules/(?!(rettime|until-async|@open-draft)/)'],
}
