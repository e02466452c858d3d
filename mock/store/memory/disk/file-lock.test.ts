// One lock per real file: a second opener is refused whatever its pid or the path it names the
// file by (issue 46); a lock no live process holds is still taken over.
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import { StartupError } from '../../../shared/startup-error.ts'
import { acquireLock } from './file-lock.ts'

let dir: string
const held: (() => void)[] = []

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'file-lock-'))
})
afterEach(() => {
  for (const release of held.splice(0)) release()
  rmSync(dir, { recursive: true, force: true })
})

const lock = (path: string): void => {
  held.push(acquireLock(path))
}

describe('acquireLock', () => {
  test('When this process already holds the lock of a data file, then a second lock on it is refused', () => {
    // Arrange
    const file = join(dir, 'db.json')
    lock(file)

    // Act
    const second = (): void => {
      lock(file)
    }

    // Assert
    expect(second).toThrow(StartupError)
    expect(second).toThrow(/in use by another mock in this process/)
  })

  test.each([
    ['a symlink to the data file', 'file'],
    ['a symlink to its folder, the file not yet written', 'folder'],
  ])(
    'When the data file is locked and then named through %s, then that lock is refused',
    (_, kind) => {
      // Arrange
      const real = join(dir, 'real', 'db.json')
      mkdirSync(join(dir, 'real'))
      if (kind === 'file') writeFileSync(real, '')
      const linked =
        kind === 'file'
          ? (symlinkSync(real, join(dir, 'link.json')), join(dir, 'link.json'))
          : (symlinkSync(join(dir, 'real'), join(dir, 'linked')), join(dir, 'linked', 'db.json'))
      lock(real)

      // Act
      const throughLink = (): void => {
        lock(linked)
      }

      // Assert
      expect(throughLink).toThrow(/in use by another mock in this process/)
    },
  )

  test('When the data file is locked through a symlink, then the lock file is beside the file the link names', () => {
    // Arrange
    const real = join(dir, 'db.json')
    writeFileSync(real, '')
    symlinkSync(real, join(dir, 'link.json'))

    // Act
    lock(join(dir, 'link.json'))

    // Assert
    expect([existsSync(`${real}.lock`), existsSync(join(dir, 'link.json.lock'))]).toEqual([
      true,
      false,
    ])
  })

  test('When a lock names this process but nothing in it holds one (a pid reused after a crash), then it is taken over', () => {
    // Arrange
    const file = join(dir, 'db.json')
    writeFileSync(`${file}.lock`, String(process.pid))

    // Act
    const taking = (): void => {
      lock(file)
    }

    // Assert
    expect(taking).not.toThrow()
  })

  test('When a lock is released, then the file can be locked again, and the lock file is gone', () => {
    // Arrange
    const file = join(dir, 'db.json')
    const release = acquireLock(file)

    // Act
    release()
    const lockFileAfterRelease = existsSync(`${file}.lock`)
    lock(file)

    // Assert
    expect(lockFileAfterRelease).toBe(false)
    expect(existsSync(`${file}.lock`)).toBe(true)
  })
})
