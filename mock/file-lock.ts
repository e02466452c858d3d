import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { StartupError } from './startup-error.ts'

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Two processes writing one data file would overwrite each other's records, so the second one is
 * refused. A lock left by a process that died (kill -9) is taken over.
 */
export function acquireLock(dataFile: string): () => void {
  const lockFile = `${dataFile}.lock`
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' })
      return () => {
        rmSync(lockFile, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const pid = Number.parseInt(readFileSync(lockFile, 'utf8'), 10)
      if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) {
        throw new StartupError(
          `The data file ${dataFile} is in use by another mock (pid ${String(pid)}). ` +
            'Stop it, or start this one with another --db file.',
        )
      }
      rmSync(lockFile, { force: true })
    }
  }
  throw new StartupError(`Could not lock the data file ${dataFile} (${lockFile}).`)
}
