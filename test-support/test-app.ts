import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createSeed } from '../fixtures/seed.ts'
import { createApp, type App, type AppDeps } from '../mock/process/node-app.ts'
import { openStore, type OpenStoreOptions } from '../mock/store/memory/disk/open-store.ts'
import { openPostgresStore } from '../mock/store/postgres/open-postgres.ts'
import { createDatabase, dropDatabase, TEST_POSTGRES_ENV } from './postgres/test-databases.ts'
import type { StorageEngine } from '../mock/store/repositories.ts'

export interface TestApp {
  app: App
  engine: StorageEngine
  /** The data file; empty when the tests run on PostgreSQL. */
  file: string
  close: () => Promise<void>
}

/** The same app on a database of its own, when the tests run on PostgreSQL (test:postgres). */
async function createPostgresTestApp(
  serverUrl: string,
  deps: Partial<AppDeps>,
  storeOptions: OpenStoreOptions,
): Promise<TestApp> {
  const url = await createDatabase(serverUrl)
  const createData = deps.createData ?? (() => createSeed())
  const opened = await openPostgresStore(url, createData, {
    tokenTtlMs: storeOptions.tokenTtlMs,
    document: storeOptions.document,
    poolSize: 4,
  })
  const app = createApp({
    createData,
    validateResponses: true,
    ...deps,
    engine: opened.engine,
  })
  return {
    app,
    engine: opened.engine,
    file: '',
    async close() {
      await opened.close()
      await dropDatabase(serverUrl, url)
    },
  }
}

/**
 * The app in-process on a fixture data file in a temp folder, checking every response it sends
 * against the document (a violation turns into a 500, which fails the test that sees it).
 */
export async function createTestApp(
  deps: Partial<AppDeps> = {},
  storeOptions: OpenStoreOptions = {},
): Promise<TestApp> {
  const postgres = process.env[TEST_POSTGRES_ENV]
  if (postgres !== undefined) return createPostgresTestApp(postgres, deps, storeOptions)
  const dir = mkdtempSync(join(tmpdir(), 'contacts-mock-'))
  const file = join(dir, 'db.json')
  const createData = deps.createData ?? (() => createSeed())
  const opened = await openStore(file, createData, storeOptions)
  const app = createApp({
    createData,
    validateResponses: true,
    ...deps,
    engine: opened.engine,
  })
  return {
    app,
    engine: opened.engine,
    file,
    async close() {
      await opened.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
