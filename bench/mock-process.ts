import { closeSync, copyFileSync, fsyncSync, mkdtempSync, openSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { READY_LINE } from '../mock/process/ready-line.ts'
import type { CompiledPackage } from './compiled-package.ts'
import { startServer, type ServerProcess } from './server-process.ts'

/** The mock's own flags, as a user passes them; none: the defaults (request log on). */
export const QUIET = ['--quiet']
export const DEFAULTS: string[] = []

export interface MockStart {
  pkg: CompiledPackage
  /** A data file made by fixtures/cli.ts; the mock runs on a copy of it. */
  dataFile: string
  contacts: number
  /** The mock's flags besides --port and --db (e.g. QUIET). */
  flags: readonly string[]
  /** Flags of `node` itself (e.g. --cpu-prof). */
  nodeFlags?: readonly string[]
  /** Called once the copy is made, right before the spawn: where start-up readings begin. */
  beforeSpawn?: () => void
}

export interface RunningMock {
  server: ServerProcess
  /** The data file the mock uses, a copy: its folder also holds the journal and the lock. */
  dbFile: string
  /** Stops the mock and removes its copy; SIGKILL when what it would write is not wanted. */
  dispose: (signal?: 'SIGTERM' | 'SIGKILL') => Promise<void>
}

/** A started mock whose folder goes when it is disposed. */
function runningIn(dir: string, server: ServerProcess): Omit<RunningMock, 'dbFile'> {
  return {
    server,
    async dispose(signal = 'SIGTERM') {
      try {
        await server.stop(signal)
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}

/** `node dist/mock/process/main.js --port 0 --db FILE ...flags`, as `npx contacts-mock` runs it. */
export async function startMock(start: MockStart): Promise<RunningMock> {
  // A fresh copy each time: the mock adds to its file, rewrites it when it stops, and locks it.
  const dir = mkdtempSync(join(dirname(start.dataFile), 'mock-'))
  const dbFile = join(dir, 'db.json')
  copyFileSync(start.dataFile, dbFile)
  // Written back now rather than by the kernel during the start-up (a gigabyte at 1M contacts):
  // that would compete with the mock and count as someone else's CPU.
  const fd = openSync(dbFile, 'r')
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  let server: ServerProcess
  try {
    start.beforeSpawn?.()
    server = await startServer({
      args: [
        ...(start.nodeFlags ?? []),
        start.pkg.mockEntry,
        ...['--port', '0', '--db', dbFile, ...start.flags],
      ],
      ready: READY_LINE,
      // a million contacts take a while to read, and a busy machine longer
      timeoutMs: 60_000 + start.contacts / 5,
      cwd: dir,
    })
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
  return { ...runningIn(dir, server), dbFile }
}

export interface StoreMockStart {
  pkg: CompiledPackage
  /** The bench's temporary folder: the mock runs from a folder of its own in it. */
  dir: string
  /** The PostgreSQL URL, already holding the data (`--store`). */
  store: string
  flags: readonly string[]
  nodeFlags?: readonly string[]
}

/** `node dist/mock/process/main.js --port 0 --store URL ...flags`: the mock on a database. */
export async function startMockOnStore(
  start: StoreMockStart,
): Promise<Omit<RunningMock, 'dbFile'>> {
  const dir = mkdtempSync(join(start.dir, 'mock-'))
  let server: ServerProcess
  try {
    server = await startServer({
      args: [
        ...(start.nodeFlags ?? []),
        start.pkg.mockEntry,
        ...['--port', '0', '--store', start.store, ...start.flags],
      ],
      ready: READY_LINE,
      // the data is in the database already: nothing to read but the schema version
      timeoutMs: 60_000,
      cwd: dir,
    })
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
  return runningIn(dir, server)
}
