// The package's programmatic API: `import { startMock } from 'contacts-mock-kit'`.
export { createApp, type AppDeps } from './app.ts'
