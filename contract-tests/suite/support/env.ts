// The checks learn their configuration from CONTRACT_* variables, which the runner sets from its
// flags and the user's variables (runner/target/target.ts). This is the one file of the checks
// that reads them.

/** Variables a check may need; a check whose variable is unset is skipped, naming the variable. */
export type OptionalVariable =
  | 'CONTRACT_SECOND_TOKEN'
  | 'CONTRACT_FOREIGN_ORG_ID'
  | 'CONTRACT_FOREIGN_TOKEN'
  | 'CONTRACT_EMAIL'
  | 'CONTRACT_PASSWORD'

export interface ContractEnv {
  /** Where requests go: the target, or the Prism proxy in front of it. No trailing slash. */
  baseUrl: string
  token: string
  orgId: string
  /** Another user of the same organization (ownership checks). */
  secondToken: string | undefined
  /** An organization the token's user is not a member of (isolation checks). */
  foreignOrgId: string | undefined
  /** A user of the foreign organization (checks that another org's record is 404). */
  foreignToken: string | undefined
  /** A user who can log in, and their password (login and logout checks). */
  email: string | undefined
  password: string | undefined
  /** A relationship type id for creating user relationships; else taken from the catalog. */
  relationshipId: string | undefined
  /** CONTRACT_READ_ONLY=1: only checks that write nothing run. */
  readOnly: boolean
  /** Set when the requests pass through Prism's validating proxy. */
  viaPrism: boolean
  /** Set when the target is a fetch function behind the runner's relay (--fetch-module). */
  viaFetch: boolean
  /** What that fetch function declared it cannot answer (its module's `limits`). */
  fetchLimits: FetchLimit[]
  /** Tags every record this run creates. */
  runId: string
  /** CONTRACT_REQUEST_TIMEOUT_MS: one request's limit. */
  requestTimeoutMs: number
  /** CONTRACT_CHECK_TIMEOUT_MS: one check's (or hook's) limit. */
  checkTimeoutMs: number
  /** CONTRACT_SEED: the generative phase's seed; undefined draws one. */
  seed: number | undefined
  /** CONTRACT_RUNS: how many sequences the generative phase tries. */
  runs: number
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

const optional = (name: string): string | undefined => {
  const value = process.env[name]?.trim()
  return value === undefined || value === '' ? undefined : value
}

const isOn = (name: string): boolean => ['1', 'true', 'yes'].includes(optional(name) ?? '')

/** A whole number the runner checked; undefined when unset. */
const numberOf = (name: string): number | undefined => {
  const value = Number(optional(name))
  return Number.isSafeInteger(value) && value >= 0 && optional(name) !== undefined
    ? value
    : undefined
}

export function isSet(name: OptionalVariable): boolean {
  return optional(name) !== undefined
}

export function contractEnv(): ContractEnv {
  const baseUrl = optional('CONTRACT_BASE_URL')
  const token = optional('CONTRACT_TOKEN')
  const orgId = optional('CONTRACT_ORG_ID')
  const runId = optional('CONTRACT_RUN_ID')
  if (baseUrl === undefined || token === undefined || orgId === undefined || runId === undefined) {
    throw new Error(
      'The contract suite is not configured: CONTRACT_BASE_URL, CONTRACT_TOKEN, CONTRACT_ORG_ID and ' +
        'CONTRACT_RUN_ID are set by its runner. Run it with `npm run contract` (contacts-contract).',
    )
  }
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    token,
    orgId,
    secondToken: optional('CONTRACT_SECOND_TOKEN'),
    foreignOrgId: optional('CONTRACT_FOREIGN_ORG_ID'),
    foreignToken: optional('CONTRACT_FOREIGN_TOKEN'),
    email: optional('CONTRACT_EMAIL'),
    password: optional('CONTRACT_PASSWORD'),
    relationshipId: optional('CONTRACT_RELATIONSHIP_ID'),
    readOnly: isOn('CONTRACT_READ_ONLY'),
    viaPrism: isOn('CONTRACT_VIA_PRISM'),
    viaFetch: isOn('CONTRACT_VIA_FETCH'),
    fetchLimits: (optional('CONTRACT_FETCH_LIMITS') ?? '').split(',').filter(isFetchLimit),
    runId,
    requestTimeoutMs: numberOf('CONTRACT_REQUEST_TIMEOUT_MS') ?? 15_000,
    checkTimeoutMs: numberOf('CONTRACT_CHECK_TIMEOUT_MS') ?? 30_000,
    seed: numberOf('CONTRACT_SEED'),
    runs: numberOf('CONTRACT_RUNS') ?? 100,
  }
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

/** Which checks a test file registers (see check-registry.ts). */
export interface CheckSelection {
  /** CONTRACT_RULES (--rules): only the checks that cover one of these rule ids; undefined: all. */
  rules: ReadonlySet<string> | undefined
  /** CONTRACT_OMIT_CHECKS: titles of checks left out, as a JSON array (the self-test's). */
  omitted: ReadonlySet<string>
  /** CONTRACT_COVERS_FILE: where the test process collects the rules of each check. */
  coversFile: string | undefined
}

function omittedTitles(): string[] {
  const text = optional('CONTRACT_OMIT_CHECKS')
  if (text === undefined) return []
  const titles = JSON.parse(text) as unknown
  if (!Array.isArray(titles) || !titles.every((title) => typeof title === 'string')) {
    throw new Error('CONTRACT_OMIT_CHECKS must be a JSON array of check titles')
  }
  return titles
}

/** Read without the rest of the configuration: the test API asks it while checks register. */
export function checkSelection(): CheckSelection {
  const rules = optional('CONTRACT_RULES')
    ?.split(',')
    .map((rule) => rule.trim())
    .filter((rule) => rule !== '')
  return {
    rules: rules === undefined ? undefined : new Set(rules),
    omitted: new Set(omittedTitles()),
    coversFile: optional('CONTRACT_COVERS_FILE'),
  }
}
