import { linkSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { StartupError } from '../../../shared/startup-error.ts'
import { realPathOf } from './real-path.ts'
import { codeOf } from '../../store-error.ts'

// A takeover guard older than this was left by a process that died in the middle of one.
const GUARD_STALE_MS = 10_000
const ATTEMPTS = 100

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else
    return codeOf(error) === 'EPERM'
  }
}

/**
 * Creates `path` holding our pid, or returns false if it exists. The pid is written to a file of
 * our own first and linked into place, so nobody ever reads a lock file without its pid.
 */
function createWithPid(path: string): boolean {
  const own = `${path}.${String(process.pid)}-${Math.random().toString(36).slice(2)}`
  writeFileSync(own, String(process.pid), { flag: 'wx' })
  try {
    linkSync(own, path)
    return true
  } catch (error) {
    if (codeOf(error) === 'EEXIST') return false
    throw error
  } finally {
    rmSync(own, { force: true })
  }
}

function createEmpty(path: string): boolean {
  try {
    writeFileSync(path, '', { flag: 'wx' })
    return true
  } catch (error) {
    if (codeOf(error) === 'EEXIST') return false
    throw error
  }
}

function readPid(path: string): number | undefined {
  try {
    return Number.parseInt(readFileSync(path, 'utf8'), 10)
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return undefined
    throw error
  }
}

function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

/**
 * Removes a lock left by a dead process. Only one process at a time may do so (the guard), and it
 * removes the lock only if it still names the dead pid: a lock just taken by a live process is
 * never removed, so two starts at once never both run.
 */
function removeStaleLock(lockFile: string, deadPid: number): void {
  const guard = `${lockFile}.takeover`
  if (!createEmpty(guard)) {
    try {
      if (Date.now() - statSync(guard).mtimeMs > GUARD_STALE_MS) rmSync(guard, { force: true })
    } catch {
      // the guard went away meanwhile
    }
    pause(5)
    return
  }
  try {
    // Object.is: a lock whose pid cannot be read (NaN) is the same stale lock as before
    if (Object.is(readPid(lockFile), deadPid)) rmSync(lockFile, { force: true })
  } finally {
    rmSync(guard, { force: true })
  }
}

// The lock files this process holds. A lock file names a pid, which tells other processes apart
// but not two mocks of this one (startMock twice, a mock fetch beside it): those ask here.
const held = new Set<string>()

const inUse = (dataFile: string, real: string, by: string): StartupError =>
  new StartupError(
    `The data file ${dataFile}${real === dataFile ? '' : ` (${real})`} is in use by another ` +
      `mock ${by}. Stop it, or start this one with another --db file.`,
  )

/**
 * Two mocks writing one data file would overwrite each other's records, so the second one is
 * refused, in this process or another, whatever path it names the file by: the lock is taken on
 * the file's real path (symlinks resolved). A lock left by a process that died (kill -9) is taken
 * over, even one naming this process's pid (a pid used again after a restart, as in a container).
 */
export function acquireLock(dataFile: string): () => void {
  const real = realPathOf(dataFile)
  const lockFile = `${real}.lock`
  if (held.has(lockFile)) throw inUse(dataFile, real, 'in this process')
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (createWithPid(lockFile)) {
      held.add(lockFile)
      return () => {
        if (!held.delete(lockFile)) return
        rmSync(lockFile, { force: true })
      }
    }
    const pid = readPid(lockFile)
    if (pid === undefined) continue
    if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) {
      throw inUse(dataFile, real, `(pid ${String(pid)})`)
    }
    removeStaleLock(lockFile, pid)
  }
  throw new StartupError(`Could not lock the data file ${dataFile} (${lockFile}).`)
}
