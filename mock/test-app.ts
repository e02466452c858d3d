import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Express } from 'express'
import { createSeed } from '../fixtures/seed.ts'
import { createApp, type AppDeps } from './app.ts'
import { openStore, type OpenStoreOptions } from './open-store.ts'
import type { MemoryEngine } from './memory-store.ts'

export interface TestApp {
  app: Express
  engine: MemoryEngine
  file: string
  close: () => Promise<void>
}

/**
 * The app in-process on a fixture data file in a temp folder, checking every response it sends
 * against the document (a violation turns into a 500, which fails the test that sees it).
 */
export async function createTestApp(
  deps: Partial<AppDeps> = {},
  storeOptions: OpenStoreOptions = {},
): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'contacts-mock-'))
  const file = join(dir, 'db.json')
  const createData = deps.createData ?? (() => createSeed())
  const opened = await openStore(file, createData, storeOptions)
  const app = createApp({
    createData,
    validateResponses: true,
    snapshotsDir: `${file}.snapshots`,
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
