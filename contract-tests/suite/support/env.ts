// The checks' configuration: one typed value, the run's options (runner/settings.ts) with what
// the runner found out about its target. It writes it to a file for the test processes, named by
// CONTRACT_SETTINGS_FILE (runner/run-contract.ts), and hands it to the modules it runs itself (the
// final sweep). This is the one place of the suite that reads it: the user's flags and CONTRACT_*
// variables are the runner's to read.
import { readFileSync } from 'node:fs'
import { SETTINGS, type RunOptions } from '../../runner/settings.ts'

/** The one variable the runner sets for its test processes. */
export const SETTINGS_FILE_VARIABLE = 'CONTRACT_SETTINGS_FILE'

/** Variables a check may need; a check whose variable is unset is skipped, naming the variable. */
export type OptionalVariable =
  | 'CONTRACT_SECOND_TOKEN'
  | 'CONTRACT_FOREIGN_ORG_ID'
  | 'CONTRACT_FOREIGN_TOKEN'
  | 'CONTRACT_EMAIL'
  | 'CONTRACT_PASSWORD'

/** The run's options, as the checks see them once the runner has prepared the target. */
export type ContractEnv = RunOptions & {
  /** Where requests go: the target, or the Prism proxy in front of it. No trailing slash. */
  baseUrl: string
  /** The run's identities: the ones given, or the fixtures' with the bundled mock. */
  token: string
  orgId: string
  /** Tags every record this run creates. */
  runId: string
  /** The requests pass through Prism's validating proxy (--via-prism, or CONTRACT_VIA_PRISM). */
  viaPrism: boolean
  /** The target is a fetch function behind the runner's relay (--fetch-module). */
  viaFetch: boolean
  /** What that fetch function declared it cannot answer (its module's `limits`). */
  fetchLimits: FetchLimit[]
  /** The runner's parsed copy of the document (support/document.ts); none: the package's. */
  documentFile?: string
  /** Where the test process collects the rules of each check (check-registry.ts). */
  coversFile?: string
  /** Where the test files note the tokens they learn (learned-secrets.ts). */
  secretsFile?: string
}

/**
 * What a fetch module may declare its function cannot answer (export `limits`), each with what it
 * means: the checks that depend on it are skipped, saying so.
 */
export const FETCH_LIMITS = {
  'api-paths-only': "answers the API's paths only, as MSW's handlers do",
  'browser-fetch': "is a browser's fetch, which drops the headers a page may not set",
} as const

export type FetchLimit = keyof typeof FETCH_LIMITS

export const isFetchLimit = (name: string): name is FetchLimit => Object.hasOwn(FETCH_LIMITS, name)

let configured: ContractEnv | undefined

/** The runner's own process configures the suite's modules it runs (the sweep's requests). */
export function configureSuite(env: ContractEnv): void {
  configured = env
}

/** The configuration, read once; undefined outside a run (the suite's self-tests). */
export function configuredEnv(): ContractEnv | undefined {
  const file = process.env[SETTINGS_FILE_VARIABLE]
  // written by the runner, from the values it read and checked
  if (configured === undefined && file !== undefined && file !== '') {
    configured = JSON.parse(readFileSync(file, 'utf8')) as ContractEnv
  }
  return configured
}

export function contractEnv(): ContractEnv {
  const env = configuredEnv()
  if (env === undefined) {
    throw new Error(
      `The contract suite is not configured: its runner names its settings in ${SETTINGS_FILE_VARIABLE}. ` +
        'Run it with `npm run contract` (contacts-contract).',
    )
  }
  return env
}

/** Whether the setting of this variable has a value in this run. */
export function isSet(name: OptionalVariable): boolean {
  const env = contractEnv()
  return Object.entries(SETTINGS).some(
    ([key, { env: variable }]) => variable === name && Reflect.get(env, key) !== undefined,
  )
}

/** The tokens the run was given: its own access, which no cleanup may log out. */
export function runTokens(env: ContractEnv = contractEnv()): string[] {
  return [env.token, env.secondToken, env.foreignToken].flatMap((token) =>
    token === undefined ? [] : [token],
  )
}

/** The text every record of this run carries, so a search finds them and a human recognises them. */
export function runMarker(runId: string = contractEnv().runId): string {
  return `contract-run-${runId}`
}
