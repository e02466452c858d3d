// Which checks a test file registers, and the rules each one covers. The test API asks it, for
// every check, whether the run wants it (`--rules` keeps the checks that cover one of those
// rules; CONTRACT_OMIT_CHECKS leaves checks out by title, for the self-test that proves a rule
// then goes uncovered), and records the check's rules for the runner (`--coverage`): one JSON
// line per check in the run's covers file (env.ts), skipped checks too.
import { appendFileSync } from 'node:fs'
import { contractEnv } from './env.ts'

/** A describe being registered: its titles, the rules it adds to its checks, its skip reason. */
export interface Scope {
  readonly titles: readonly string[]
  readonly covers: readonly string[]
  readonly skip: string | undefined
  readonly parent: Scope | undefined
  /** Whether a check was registered in it (or below): its hooks run only then. */
  registered: boolean
}

/** One line of the covers file. */
export interface CoversRecord {
  /** The test file, as its process was started with it. */
  file: string
  /** The describe titles, then the check's own title: as the runner's results name it. */
  path: string[]
  covers: string[]
}

// The test file is this process's script: node:test starts one process per file.
const testFile = process.argv[1] ?? ''

export const rootScope = (): Scope => ({
  titles: [],
  covers: [],
  skip: undefined,
  parent: undefined,
  registered: false,
})

export function innerScope(
  parent: Scope,
  title: string,
  covers: readonly string[] = [],
  skip?: string,
): Scope {
  return {
    titles: [...parent.titles, title],
    covers: [...parent.covers, ...covers],
    // The outermost reason wins: it is the one that stops the most checks.
    skip: parent.skip ?? skip,
    parent,
    registered: false,
  }
}

/**
 * Whether to register the check; when so, records its rules and marks its describes as holding a
 * registered check. Its rules: the describes' and its own, each once.
 */
export function admitCheck(scope: Scope, title: string, own: readonly string[] = []): boolean {
  const covers = [...new Set([...scope.covers, ...own])]
  const { omittedChecks, rules, coversFile } = contractEnv()
  if (omittedChecks.includes(title)) return false
  if (rules !== undefined && !covers.some((rule) => rules.includes(rule))) return false
  for (let at: Scope | undefined = scope; at !== undefined; at = at.parent) at.registered = true
  if (coversFile !== undefined) {
    const record: CoversRecord = { file: testFile, path: [...scope.titles, title], covers }
    appendFileSync(coversFile, `${JSON.stringify(record)}\n`)
  }
  return true
}
