// The processes globalSetup starts and globalTeardown stops (they share only globalThis).
import type { ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startNodeProcess, stopProcess, type Started } from './processes.ts'

export interface SuiteState {
  processes: ChildProcess[]
  tempDirs: string[]
}

const KEY = Symbol.for('contacts-mock-kit.contract-tests')

export function suiteState(): SuiteState {
  const existing = Reflect.get(globalThis, KEY) as SuiteState | undefined
  if (existing !== undefined) return existing
  const state: SuiteState = { processes: [], tempDirs: [] }
  Reflect.set(globalThis, KEY, state)
  return state
}

/** Stops every process the suite started (last first) and removes its temporary directories. */
export async function releaseSuiteResources(): Promise<void> {
  const state = suiteState()
  await Promise.all(state.processes.splice(0).reverse().map(stopProcess))
  await Promise.all(
    state.tempDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })),
  )
}

/** Runs a globalSetup step; when it fails, what was started so far is released before rethrowing. */
export async function orRelease<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step()
  } catch (error) {
    await releaseSuiteResources()
    throw error
  }
}

/**
 * Starts the mock (`mock/main.ts`) on a free port with a fresh data file in a temporary directory;
 * the mock fills it from its bundled fixtures.
 */
export async function startMock(rootDir: string): Promise<Started & { tempDir: string }> {
  const tempDir = await mkdtemp(join(tmpdir(), 'contract-mock-'))
  const started = await startNodeProcess({
    name: 'The mock (mock/main.ts)',
    args: [
      '--import',
      'tsx',
      'mock/main.ts',
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--db',
      join(tempDir, 'db.json'),
      '--quiet',
    ],
    cwd: rootDir,

    ready: /Mock listening on (http:\/\/\S+)/,
  })
  return { ...started, tempDir }
}
