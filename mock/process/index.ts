// The package's programmatic API: `import { startMock } from 'contacts-mock-kit'`.
export { createApp, type App, type AppDeps } from './node-app.ts'
export {
  openStore,
  type OpenStore,
  type OpenStoreOptions,
} from '../store/memory/disk/open-store.ts'
export { startMock, type RunningMock, type StartMockOptions } from './start-mock.ts'
