// The command line of contacts-contract: flags, else the CONTRACT_* variables (see settings.ts).
import { parseArgs, type ParseArgsConfig } from 'node:util'
import { CannotRunError } from './cannot-run.ts'
import { DEFAULT_DEADLINE_MS } from './deadline.ts'
import {
  checkBaseUrl,
  durationMs,
  existingFile,
  USAGE_HINT,
  optionalNumber,
  positiveNumber,
  ruleIds,
} from './option-values.ts'
import { propertyOf } from './property-of.ts'
import { nameSetting, SETTINGS, type Setting, type SettingName } from './settings.ts'

export interface RunOptions {
  /** Undefined: start the bundled mock. No trailing slash. */
  baseUrl: string | undefined
  /** --fetch-module: a module whose fetch function is the target, relayed over HTTP. */
  fetchModule: string | undefined
  token: string | undefined
  orgId: string | undefined
  secondToken: string | undefined
  foreignOrgId: string | undefined
  foreignToken: string | undefined
  email: string | undefined
  password: string | undefined
  relationshipId: string | undefined
  readOnly: boolean
  /** Whether the answers are compared with the reference model (off: --no-oracle). */
  oracle: boolean
  junit: string | undefined
  viaPrism: boolean
  behindPrism: boolean
  runId: string | undefined
  /** Absolute path of the document to check against; undefined: the package's own. */
  document: string | undefined
  requestTimeoutMs: number
  checkTimeoutMs: number
  /** How long the whole run may take (--deadline). */
  deadlineMs: number
  bail: boolean
  summary: string | undefined
  seed: number | undefined
  runs: number
  /** --coverage: list each rule of the document with the checks that cover it. */
  coverage: boolean
  /** --rules: only the checks that cover these rule ids; undefined runs every check. */
  rules: string[] | undefined
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

const settings: readonly Setting[] = Object.values(SETTINGS)
const PARSE_OPTIONS: NonNullable<ParseArgsConfig['options']> = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
  ...Object.fromEntries(
    settings.flatMap(({ flag, value }) =>
      flag === undefined
        ? []
        : // A flag may come twice only for diff (two targets); elsewhere the last one counts.
          [[flag, { type: value === undefined ? 'boolean' : 'string', multiple: true }]],
    ),
  ),
}

function usageError(error: unknown): CannotRunError {
  const code = propertyOf(error, 'code')
  const message = propertyOf(error, 'message')
  const text = typeof message === 'string' ? message : String(error)
  const quoted = /'([^' ]+)/.exec(text)?.[1] ?? ''
  const flag = PARSE_OPTIONS[quoted.replace(/^-+/, '')]
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION')
    return new CannotRunError(`unknown option ${quoted}. ${USAGE_HINT}`)
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL')
    return new CannotRunError(`unexpected argument '${quoted}'. ${USAGE_HINT}`)
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    return new CannotRunError(
      `${quoted} ${flag?.type === 'string' ? 'needs a value' : 'takes no value'}. ${USAGE_HINT}`,
    )
  }
  return new CannotRunError(`${text.split('\n')[0] ?? ''}. ${USAGE_HINT}`)
}

/** `diff` takes two targets: --base-url twice; --token and --org once for both, or once each. */
function diffCommand(values: Record<string, unknown>, options: RunOptions): Command {
  const all = (flag: string): string[] => {
    const given = values[flag]
    return Array.isArray(given) ? given.filter((item) => typeof item === 'string') : []
  }
  const baseUrls = all('base-url').map(checkBaseUrl)
  if (baseUrls.length !== 2) {
    throw new CannotRunError(
      `diff needs --base-url twice (the two targets to compare). ${USAGE_HINT}`,
    )
  }
  const missing = (['token', 'org'] as const).filter((flag) => all(flag).length === 0)
  if (missing.length > 0) {
    throw new CannotRunError(
      `diff needs ${missing.map((flag) => `--${flag}`).join(' and ')}. ${USAGE_HINT}`,
    )
  }
  const nth = (flag: string, index: number): string => all(flag)[index] ?? all(flag)[0] ?? ''
  const targets = baseUrls.map((baseUrl, index) => ({
    baseUrl,
    token: nth('token', index),
    orgId: nth('org', index),
  }))
  return { kind: 'diff', options, targets }
}

export function parseCommand(argv: readonly string[], env: NodeJS.ProcessEnv): Command {
  let values: ReturnType<typeof parseArgs>['values']
  let subcommand: 'sweep' | 'diff' | undefined
  try {
    const [first, ...rest] = argv
    subcommand = first === 'sweep' || first === 'diff' ? first : undefined
    const args = subcommand === undefined ? [...argv] : rest
    values = parseArgs({ args, options: PARSE_OPTIONS, strict: true }).values
  } catch (error) {
    throw usageError(error)
  }
  if (values['help'] === true) return { kind: 'help' }
  if (values['version'] === true) return { kind: 'version' }
  const text = (name: SettingName): string | undefined => {
    const setting: Setting = SETTINGS[name]
    const flagged = setting.flag === undefined ? undefined : values[setting.flag]
    const fromVariable = setting.variable === undefined ? undefined : env[setting.variable]
    const last: unknown = Array.isArray(flagged) ? flagged.at(-1) : flagged
    const raw = (typeof last === 'string' ? last : fromVariable)?.trim()
    return raw === '' ? undefined : raw
  }
  const isOn = (name: SettingName): boolean => {
    const setting: Setting = SETTINGS[name]
    const flagged = setting.flag === undefined ? undefined : values[setting.flag]
    if (Array.isArray(flagged) && flagged.includes(true)) return true
    return ['1', 'true', 'yes'].includes((text(name) ?? '').toLowerCase())
  }
  const baseUrl = text('baseUrl')
  const options: RunOptions = {
    baseUrl: baseUrl === undefined ? undefined : checkBaseUrl(baseUrl),
    fetchModule: existingFile('--fetch-module', text('fetchModule')),
    token: text('token'),
    orgId: text('orgId'),
    secondToken: text('secondToken'),
    foreignOrgId: text('foreignOrgId'),
    foreignToken: text('foreignToken'),
    email: text('email'),
    password: text('password'),
    relationshipId: text('relationshipId'),
    readOnly: isOn('readOnly'),
    oracle: !(
      values['no-oracle'] !== undefined ||
      ['off', '0', 'false', 'no'].includes((text('noOracle') ?? '').toLowerCase())
    ),
    junit: text('junit'),
    viaPrism: isOn('viaPrism'),
    behindPrism: isOn('behindPrism'),
    runId: text('runId'),
    document: existingFile('--document', text('document')),
    requestTimeoutMs: positiveNumber('requestTimeout', text('requestTimeout'), 15_000),
    checkTimeoutMs: 0,
    deadlineMs: durationMs('deadline', text('deadline'), DEFAULT_DEADLINE_MS),
    bail: isOn('bail'),
    summary: text('summary'),
    seed: optionalNumber('seed', text('seed')),
    runs: positiveNumber('runs', text('runs'), 100, true),
    coverage: isOn('coverage'),
    rules: ruleIds(text('rules')),
  }
  options.checkTimeoutMs = Math.max(
    positiveNumber('checkTimeout', text('checkTimeout'), 30_000),
    2 * options.requestTimeoutMs,
  )
  if (subcommand === 'diff') return diffCommand(values, options)
  if (options.fetchModule !== undefined && options.baseUrl !== undefined) {
    throw new CannotRunError(
      `${nameSetting('fetchModule')} and ${nameSetting('baseUrl')} name two targets: give one. ${USAGE_HINT}`,
    )
  }
  const missing = (['token', 'orgId'] as const).filter((name) => options[name] === undefined)
  if (options.baseUrl !== undefined && missing.length > 0) {
    throw new CannotRunError(
      `${nameSetting('baseUrl')} needs ${missing.map(nameSetting).join(' and ')} too. ${USAGE_HINT}`,
    )
  }
  return subcommand === 'sweep' ? { kind: 'sweep', options } : { kind: 'run', options }
}
