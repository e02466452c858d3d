// The user the server runs as must be able to enter every folder on the way to what it uses; when
// it cannot, the error says which folder, on the way to what, and what to change.
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from '@jest/globals'
import { checkEnterable, type Account } from './server-account.ts'

// any user but this one: nobody, as on most systems
const OTHER: Account = { uid: 65534, gid: 65534 }

const root = mkdtempSync(join(tmpdir(), 'server-account-'))
chmodSync(root, 0o755)
afterAll(() => {
  rmSync(root, { recursive: true, force: true })
})

describe('Folders the server user must enter', () => {
  test('When a folder on the way is closed to others, then the error names the first such folder, what it leads to and the remedy', () => {
    // Arrange
    const closed = join(root, 'private')
    const inner = join(closed, 'inner', 'bin')
    mkdirSync(inner, { recursive: true })
    chmodSync(closed, 0o700)
    chmodSync(join(closed, 'inner'), 0o700)

    // Act
    const checking = (): void => {
      checkEnterable(OTHER, inner, 'the programs', 'move them')
    }

    // Assert
    expect(checking).toThrow(
      `As root the tests run PostgreSQL as the user postgres, who cannot enter ${closed} on the ` +
        `way to the programs (${inner}): move them, or run the tests as a user other than root`,
    )
  })

  test('When every folder on the way is open to others, then nothing is said', () => {
    // Arrange
    const open = join(root, 'open', 'bin')
    mkdirSync(open, { recursive: true })
    for (const folder of [join(root, 'open'), open]) chmodSync(folder, 0o755)

    // Act
    const checking = (): void => {
      checkEnterable(OTHER, open, 'the programs', 'move them')
    }

    // Assert
    expect(checking).not.toThrow()
  })
})
