// Which checks a test file registers, and the rules each one covers. The test API asks it, for
// every check, whether the run wants it (`--rules` keeps the checks that cover one of those
// rules; CONTRACT_OMIT_CHECKS leaves checks out by title, for the self-test that proves a rule
// then goes uncovered), and records the check's rules for the runner (`--coverage`): one JSON
// line per check in the run's covers file (env.ts), skipped checks too. `--only` keeps the checks
// of the rules stated by whom it names (their provenance, suite/rules/): the others stay in every
// report, skipped, with their titles.
import { appendFileSync } from 'node:fs'
import { isSelected } from '../../../openapi/provenance.ts'
import { nameSetting } from '../../runner/settings.ts'
import { contractRules } from '../rules/contract-rules.ts'
import type { RuleProvenance } from '../rules/rule.ts'
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

let provenances: Map<string, RuleProvenance> | undefined

/** Why --only skips a check of these rules; undefined when one of them is of its selection. */
function selectionSkip(covers: readonly string[]): string | undefined {
  const { only } = contractEnv()
  if (only === undefined) return undefined
  provenances ??= new Map(contractRules().map((rule) => [rule.id, rule.provenance]))
  const chosen = covers.some((id) => {
    const provenance = provenances?.get(id)
    return provenance !== undefined && isSelected(only, provenance)
  })
  return chosen
    ? undefined
    : `${nameSetting('only')}: it covers no rule of ${only.map((item) => item.replace(' ', ':')).join(', ')}`
}

/**
 * Whether to register the check (undefined: it is left out) and why it is skipped; when it is
 * registered, records its rules and, unless --only skips it, marks its describes as holding a
 * check to run (their hooks run only then). Its rules: the describes' and its own, each once.
 */
export function admitCheck(
  scope: Scope,
  title: string,
  own: readonly string[] = [],
): { skip: string | undefined } | undefined {
  const covers = [...new Set([...scope.covers, ...own])]
  const { omittedChecks, rules, coversFile } = contractEnv()
  if (omittedChecks.includes(title)) return undefined
  if (rules !== undefined && !covers.some((rule) => rules.includes(rule))) return undefined
  const skip = selectionSkip(covers)
  if (skip === undefined) {
    for (let at: Scope | undefined = scope; at !== undefined; at = at.parent) at.registered = true
  }
  if (coversFile !== undefined) {
    const record: CoversRecord = { file: testFile, path: [...scope.titles, title], covers }
    appendFileSync(coversFile, `${JSON.stringify(record)}\n`)
  }
  return { skip }
}
