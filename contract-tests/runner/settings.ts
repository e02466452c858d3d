// The settings of contacts-contract, each a flag or the CONTRACT_* variable the suite has always
// read (the flag wins): this table is the one list of them, read by the project's command-line
// module (mock/process/command-line.ts), which makes the help from it too; the skip reasons of
// the checks name them by it, and its values are the run's options and, with what the run found
// out about its target, the suite's (suite/support/env.ts). Then the rules between settings.
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import {
  duration,
  mustBe,
  integer,
  nameOption,
  optional,
  option,
  parseCommandLine,
  switchOption,
  UsageError,
  type CommandSpec,
  type Option,
  type Parse,
  type ValuesOf,
} from '../../mock/process/command-line.ts'
import { decisionLabel, type ProvenanceSelection } from '../../openapi/provenance.ts'
import type { Secret } from './report/safe-text.ts'

/** A setting: an option, and whether its value is redacted wherever the run's output shows it. */
export type Setting<T = unknown> = Option<T> & { secret?: Secret['label'] }
const setting = <T>(spec: Setting<T>): Setting<T> => option(spec)

/** A text; blank is unset. */
const toText: Parse<string | undefined> = (value) => value.trim() || undefined

/** A file made absolute: the test processes may run in another folder. */
const toPath: Parse<string | undefined> = (value, name) => {
  const path = toText(value, name)
  return path === undefined ? undefined : resolve(path)
}

/** A setting that may be unset: a text by default. */
const optionalSetting = (
  spec: Omit<Setting<string | undefined>, 'default'>,
): Setting<string | undefined> => setting({ parse: toText, ...spec, default: undefined })

const toBaseUrl: Parse<string | undefined> = (value, name) => {
  const url = toText(value, name)
  const protocol = url !== undefined && URL.canParse(url) ? new URL(url).protocol : undefined
  if (url === undefined || protocol === 'http:' || protocol === 'https:') {
    return url?.replace(/\/+$/, '')
  }
  return mustBe(name, 'an http(s) URL', url)
}

/** A file that must exist, made absolute. */
const existingFile: Parse<string | undefined> = (value, name) => {
  const path = toText(value, name)
  if (path !== undefined && !existsSync(path)) {
    throw new UsageError(`${name}: no such file '${path}'.`)
  }
  return toPath(value, name)
}

/** `decision:10, status:getContact:404` → the ids; the runner checks them against the document. */
const toRuleIds: Parse<string[] | undefined> = (value, name) => {
  if (value.trim() === '') return undefined
  const ids = value
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '')
  if (ids.length === 0) throw new UsageError(`${name} names no rule.`)
  return ids
}

/** `interface,decision:2` → `['interface', 'decision 2']`; the runner checks the decisions exist. */
const toSelection: Parse<ProvenanceSelection[] | undefined> = (value, name) => {
  if (value.trim() === '') return undefined
  return value.split(',').map((item): ProvenanceSelection => {
    const word = item.trim()
    if (word === 'interface' || word === 'service-docs' || word === 'decisions') return word
    const decision = /^decision[: ]([1-9]\d*)$/.exec(word)?.[1]
    if (decision !== undefined) return decisionLabel(Number(decision))
    return mustBe(name, 'a list of interface, service-docs, decisions and decision:N', word)
  })
}

const toTitles: Parse<string[]> = (value, name) => {
  let titles: unknown
  try {
    titles = JSON.parse(value)
  } catch {
    // refused below
  }
  if (Array.isArray(titles) && titles.every((title) => typeof title === 'string')) return titles
  return mustBe(name, 'a JSON array of check titles', value)
}

export const SETTINGS = {
  baseUrl: optionalSetting({
    flag: 'base-url',
    value: 'URL',
    env: 'CONTRACT_BASE_URL',
    help: 'the server to check, e.g. https://staging.example.com',
    shows:
      'none: start the bundled mock on a free port, with a temporary data file, and check it with the fixture identities',
    parse: toBaseUrl,
  }),
  fetchModule: optionalSetting({
    flag: 'fetch-module',
    value: 'FILE',
    env: 'CONTRACT_FETCH_MODULE',
    help: "check a fetch function instead of a server: a module exporting fetch (or a default export) or createFetch() returning one, optionally baseUrl and close; the runner relays the checks' requests to it (with the fixture identities unless --token and --org are given)",
    shows: 'none',
    parse: existingFile,
  }),
  token: optionalSetting({
    flag: 'token',
    value: 'TOKEN',
    env: 'CONTRACT_TOKEN',
    help: 'a bearer token',
    secret: 'token',
    shows: 'required with --base-url',
  }),
  orgId: optionalSetting({
    flag: 'org',
    value: 'ID',
    env: 'CONTRACT_ORG_ID',
    help: "an organization the token's user is a member of",
    shows: 'required with --base-url',
  }),
  secondToken: optionalSetting({
    flag: 'second-token',
    value: 'TOKEN',
    env: 'CONTRACT_SECOND_TOKEN',
    help: 'another user of that organization: ownership checks of user relationships',
    secret: 'token',
    shows: 'unset: those checks are skipped',
  }),
  foreignOrgId: optionalSetting({
    flag: 'foreign-org',
    value: 'ID',
    env: 'CONTRACT_FOREIGN_ORG_ID',
    help: "an organization the token's user is not a member of: isolation checks (403)",
    shows: 'unset: those checks are skipped',
  }),
  foreignToken: optionalSetting({
    flag: 'foreign-token',
    value: 'TOKEN',
    env: 'CONTRACT_FOREIGN_TOKEN',
    help: "a user of --foreign-org: checks that another organization's records are 404 here",
    secret: 'token',
    shows: 'unset: those checks are skipped',
  }),
  email: optionalSetting({
    flag: 'email',
    value: 'EMAIL',
    env: 'CONTRACT_EMAIL',
    help: 'a user who can log in (POST /api/v1/login), with CONTRACT_PASSWORD: the login and logout checks',
    shows: "unset: those checks are skipped; with the bundled mock, Alice's",
  }),
  password: optionalSetting({
    // no flag: a password on a command line ends up in shell histories and process lists
    env: 'CONTRACT_PASSWORD',
    help: 'the password of CONTRACT_EMAIL',
    secret: 'password',
    shows: 'unset: the login and logout checks are skipped',
  }),
  relationshipId: optionalSetting({
    flag: 'relationship-id',
    value: 'ID',
    env: 'CONTRACT_RELATIONSHIP_ID',
    help: 'a relationship type for creating user relationships',
    shows: 'the first of GET /api/v1/relationships',
  }),
  readOnly: switchOption({
    flag: 'read-only',
    env: 'CONTRACT_READ_ONLY',
    help: 'only the checks that write nothing: GET, HEAD and OPTIONS requests only (production smoke tests)',
    shows: 'off; the variable turns it on with 1, true or yes',
  }),
  noOracle: switchOption({
    flag: 'no-oracle',
    env: 'CONTRACT_ORACLE',
    help: 'compare no answer with the reference model (the bundled mock, run in the test process on the same document and fed the same requests): only the checks judge the target',
    shows:
      "on: every answer about the run's own records is compared; CONTRACT_ORACLE=off turns it off",
    // off, 0, false or no turn the reference model off
    parse: (value) => ['off', '0', 'false', 'no'].includes(value.trim().toLowerCase()),
  }),
  junit: optionalSetting({
    flag: 'junit',
    parse: toPath,
    value: 'FILE',
    help: "also write node's JUnit XML report to FILE (its folder is created)",
    shows: 'none',
  }),
  viaPrism: switchOption({
    flag: 'via-prism',
    help: "send every check through Prism's validating proxy, started in front of the target (needs @stoplight/prism-cli, a devDependency of this repository)",
    shows: 'off',
  }),
  behindPrism: switchOption({
    env: 'CONTRACT_VIA_PRISM',
    help: 'the base URL already is a Prism proxy that you run: skip the checks Prism cannot forward',
    shows: 'off; on with 1, true or yes',
  }),
  runId: optionalSetting({
    env: 'CONTRACT_RUN_ID',
    help: 'the id in contract-run-<id>, the marker every record of the run carries',
    shows: 'random',
  }),
  document: optionalSetting({
    flag: 'document',
    value: 'FILE',
    env: 'CONTRACT_DOCUMENT',
    help: 'the OpenAPI document to hold the target to (YAML or JSON), e.g. your own version of it',
    shows: "the package's openapi/openapi.yaml",
    parse: existingFile,
  }),
  requestTimeoutMs: setting({
    flag: 'request-timeout',
    value: 'MS',
    env: 'CONTRACT_REQUEST_TIMEOUT_MS',
    help: 'how long one request may take before it fails',
    shows: '15000',
    parse: integer(1),
    default: 15_000,
  }),
  checkTimeoutMs: setting({
    flag: 'check-timeout',
    value: 'MS',
    env: 'CONTRACT_CHECK_TIMEOUT_MS',
    help: 'how long one check (or hook), all its requests included, may take',
    shows: '30000, and at least twice the request timeout',
    parse: integer(1),
    default: 30_000,
  }),
  deadlineMs: setting({
    flag: 'deadline',
    value: 'DURATION',
    env: 'CONTRACT_DEADLINE',
    help: 'how long the whole run may take, e.g. 90s, 10m or 1h: past it the run stops the test files and what they started, removes its records if it can within 5 s, says so in one line and exits with code 2',
    shows: '10m',
    parse: duration,
    default: 10 * 60_000,
  }),
  bail: switchOption({
    flag: 'bail',
    env: 'CONTRACT_BAIL',
    help: 'stop at the first failed check (the records of the run are still removed)',
    shows: 'off; on with 1, true or yes',
  }),
  summary: optionalSetting({
    flag: 'summary',
    parse: toPath,
    value: 'FILE',
    env: 'CONTRACT_SUMMARY',
    help: 'also write a Markdown summary (one row per rule: checked, passed, failed, skipped and why) to FILE; it is added to GITHUB_STEP_SUMMARY too when that is set',
    shows: 'none (GITHUB_STEP_SUMMARY alone when set)',
  }),
  seed: setting({
    flag: 'seed',
    value: 'N',
    env: 'CONTRACT_SEED',
    help: 'the seed of the generative phase: a failure it prints can be replayed with the same seed',
    shows: 'random, printed at the start of the phase',
    parse: optional(integer(0)),
    default: undefined,
  }),
  runs: setting({
    flag: 'runs',
    value: 'N',
    env: 'CONTRACT_RUNS',
    help: 'how many random sequences the generative phase tries (0 turns it off)',
    shows: '100',
    parse: integer(0),
    default: 100,
  }),
  coverage: switchOption({
    flag: 'coverage',
    env: 'CONTRACT_COVERAGE',
    help: "after the run, list each rule of the document (its decisions, statuses, headers, order of checks, body fields and query parameters) with the checks that cover it, uncovered rules first, and write them to coverage.json in the reports folder (that of --junit, else ./reports); the exit code stays the run's",
    shows: 'off; on with 1, true or yes',
  }),
  rules: setting({
    flag: 'rules',
    value: 'ID,ID,…',
    env: 'CONTRACT_RULES',
    help: 'run only the checks that cover one of these rules, by the ids --coverage lists (e.g. decision:10,status:getContact:404)',
    shows: 'every check',
    parse: toRuleIds,
    default: undefined,
  }),
  only: setting({
    flag: 'only',
    value: 'WHO,WHO,…',
    env: 'CONTRACT_ONLY',
    help: "run only the checks of the rules stated by these: interface (the interface as given), service-docs (the real service's public docs), decisions (all of this kit's), decision:N (one of them); the other checks are reported as skipped",
    shows: 'every check',
    parse: toSelection,
    default: undefined,
  }),
  ledger: optionalSetting({
    flag: 'ledger',
    parse: toPath,
    value: 'FILE',
    env: 'CONTRACT_LEDGER',
    help: 'append one JSON line per run to FILE (the date, the target, the document version, the verdict of every rule), and report what changed since the previous run on the same target and since when each failing rule has failed',
    shows: 'none',
  }),
  // for the self-test: titles of checks left out, as a JSON array (coverage.test.ts)
  omittedChecks: setting({
    env: 'CONTRACT_OMIT_CHECKS',
    parse: toTitles,
    default: [],
  }),
  // for measuring: a file where each test process adds what its reference model compared
  oracleStatsFile: optionalSetting({ env: 'CONTRACT_ORACLE_STATS', parse: toPath }),
}

export type SettingName = keyof typeof SETTINGS

/** What a run is asked to do: the value of each setting. */
export type RunOptions = ValuesOf<typeof SETTINGS>

/** How a message or a check's skip reason names a setting: `--second-token (CONTRACT_SECOND_TOKEN)`. */
export const nameSetting = (name: SettingName): string => nameOption(SETTINGS[name])

export const COMMAND: CommandSpec<typeof SETTINGS> = {
  name: 'contacts-contract',
  usage: `Usage: contacts-contract [options]

Checks a Contacts API server against openapi/openapi.yaml and the behaviour it documents. Without
--base-url it starts the bundled mock and checks that; with --fetch-module it checks a fetch
function (createMockFetch, MSW), relaying each request to it.
`,
  options: SETTINGS,
  version: true,
  footer: `
Exit codes:
  0  the target keeps the contract
  1  it does not: a check failed, or the records of the run could not be removed
  2  the checks could not run: bad usage, a target that cannot be reached, the mock or
     Prism could not start, or the run reached its --deadline
  130  interrupted (Ctrl-C), once the records of the run are removed`,
}

export type Command =
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'run'; options: RunOptions }
  | { kind: 'sweep'; options: RunOptions }
  | { kind: 'diff'; options: RunOptions; targets: DiffTarget[] }

/** One side of `diff`: its URL, and its --token and --org (each given once for both, or twice). */
export interface DiffTarget {
  baseUrl: string
  token: string
  orgId: string
}

type Given = Partial<Record<SettingName, string[]>>

/** `diff` takes two targets: --base-url twice; --token and --org once for both, or once each. */
function diffCommand(given: Given, options: RunOptions): Command {
  const baseUrls = (given.baseUrl ?? []).flatMap(
    (url) => toBaseUrl(url, nameSetting('baseUrl')) ?? [],
  )
  if (baseUrls.length !== 2) {
    throw new UsageError('diff needs --base-url twice (the two targets to compare).')
  }
  const missing = (['token', 'orgId'] as const).filter((name) => given[name] === undefined)
  if (missing.length > 0) {
    throw new UsageError(
      `diff needs ${missing.map((name) => `--${SETTINGS[name].flag ?? ''}`).join(' and ')}.`,
    )
  }
  const nth = (name: 'token' | 'orgId', index: number): string =>
    given[name]?.[index] ?? given[name]?.[0] ?? ''
  const targets = baseUrls.map((baseUrl, index) => ({
    baseUrl,
    token: nth('token', index),
    orgId: nth('orgId', index),
  }))
  return { kind: 'diff', options, targets }
}

/** The command line of contacts-contract, `sweep` or `diff` first for those commands. */
export function parseCommand(argv: readonly string[], env: NodeJS.ProcessEnv): Command {
  const [first, ...rest] = argv
  const subcommand = first === 'sweep' || first === 'diff' ? first : undefined
  const line = parseCommandLine(COMMAND, subcommand === undefined ? argv : rest, env)
  if (line.kind !== 'run') return line
  const { values: options, given } = line
  options.checkTimeoutMs = Math.max(options.checkTimeoutMs, 2 * options.requestTimeoutMs)
  if (subcommand === 'diff') return diffCommand(given, options)
  if (options.fetchModule !== undefined && options.baseUrl !== undefined) {
    throw new UsageError(
      `${nameSetting('fetchModule')} and ${nameSetting('baseUrl')} name two targets: give one.`,
    )
  }
  const missing = (['token', 'orgId'] as const).filter((name) => options[name] === undefined)
  if (options.baseUrl !== undefined && missing.length > 0) {
    throw new UsageError(
      `${nameSetting('baseUrl')} needs ${missing.map(nameSetting).join(' and ')} too.`,
    )
  }
  return { kind: subcommand ?? 'run', options }
}
