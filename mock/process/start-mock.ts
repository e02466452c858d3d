import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pino } from 'pino'
import type { Data } from '../shared/data.ts'
import { generateFixtures } from './generate-fixtures.ts'
import { serve } from './serve.ts'

export interface StartMockOptions {
  /** 0 (the default) picks a free port; `url` says which. */
  port?: number
  host?: string
  /** The data file; by default one in a temporary folder that `close()` removes. */
  dbFile?: string
  /** The faker seed of the generated fixtures. */
  seed?: number
  /** No request log (the default); false logs one JSON line per request to stdout. */
  quiet?: boolean
  /** Check every answer against the document; a drift becomes a 500 naming it. */
  validateResponses?: boolean
}

export interface RunningMock {
  /** `http://127.0.0.1:PORT`, without a trailing slash. */
  url: string
  /** Organization ids by lower-case name: `mock.orgs.acme`. */
  orgs: Record<string, string>
  /** Bearer tokens by lower-case user name: `mock.tokens.alice`. */
  tokens: Record<string, string>
  /** Back to the fixtures (what the data file started from). */
  reset: () => Promise<void>
  /** Lets requests in flight finish, saves, stops; removes the temporary data file if it made one. */
  close: () => Promise<void>
}

const byName = <T extends { name: string }>(items: readonly T[], value: (item: T) => string) =>
  Object.fromEntries(items.map((item) => [item.name.toLowerCase(), value(item)]))

/**
 * Starts the mock in this process, for a test set-up (Playwright, Vitest or Jest global setup,
 * Storybook): `const mock = await startMock()`, then `await mock.close()`.
 */
export async function startMock(options: StartMockOptions = {}): Promise<RunningMock> {
  const temporary =
    options.dbFile === undefined ? mkdtempSync(join(tmpdir(), 'contacts-mock-')) : undefined
  const createData = (): Promise<Data> => generateFixtures(options.seed)
  try {
    const served = await serve({
      port: options.port ?? 0,
      host: options.host ?? '127.0.0.1',
      dbFile: options.dbFile ?? join(temporary ?? '', 'db.json'),
      createData,
      logger: options.quiet === false ? pino({ base: undefined }) : undefined,
      validateResponses: options.validateResponses,
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
    })
    const { orgs, users } = await served.engine.describe()
    return {
      url: served.url,
      orgs: byName(orgs, (org) => org.id),
      tokens: byName(users, (user) => user.token),
      reset: async () => {
        await served.engine.reset(await createData())
      },
      async close() {
        await served.close()
        if (temporary) rmSync(temporary, { recursive: true, force: true })
      },
    }
  } catch (error) {
    if (temporary) rmSync(temporary, { recursive: true, force: true })
    throw error
  }
}
