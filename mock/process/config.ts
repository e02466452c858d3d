import { parseArgs } from 'node:util'

export interface MockConfig {
  port: number
  host: string
  dbFile: string
  seed: number | undefined
  quiet: boolean
  validateResponses: boolean
  /** Host names accepted in the Host header besides loopback names and IP literals. */
  allowedHosts: string[]
  /** The bearer token of the admin API; never printed. */
  adminToken: string | undefined
  /** Keep the intact entries of a damaged journal instead of refusing to start. */
  recover: boolean
  headersTimeoutMs: number
  requestTimeoutMs: number
  keepAliveTimeoutMs: number
  /** `--delay`: every API request waits from [0] to [1] ms. */
  delay: [number, number] | undefined
  /** `--faults`: a JSON list of fault rules to start with. */
  faultsFile: string | undefined
  /** `--no-faults`: no simulated faults at all (Prefer is ignored, the rules API answers 403). */
  noFaults: boolean
  /** `--no-inspector`: no recording of requests for /__inspector. */
  noInspector: boolean
  /** `--token-ttl`: how long a login token lasts; undefined for no expiry. */
  tokenTtlMs: number | undefined
  /** `--data`: the seed file the mock starts from and a reset restores (read, never written). */
  dataFile: string | undefined
  /** `--document`: another version of the document (same operations, other constraints). */
  documentFile: string | undefined
  /** `--watch`: recompile the validators when the document changes, keeping the data. */
  watch: boolean
  /** `--store` or DATABASE_URL: a PostgreSQL URL; undefined for the data file (`--db`). */
  store: string | undefined
  /** `--pool-size`: connections to the database per instance; undefined for the default. */
  poolSize: number | undefined
}

export { USAGE } from './usage.ts'

export class ConfigError extends Error {}

/** What the command line asks for besides serving. */
export type CommandLine =
  { kind: 'serve'; config: MockConfig } | { kind: 'help' } | { kind: 'version' }

/** Node's parseArgs explains at length; a user wants the flag and where to look. */
function briefly(message: string): string {
  const unknown = /Unknown option '([^']+)'/.exec(message)?.[1]
  if (unknown !== undefined) return `unknown flag ${unknown}`
  const positional = /Unexpected argument '([^']+)'/.exec(message)?.[1]
  if (positional !== undefined) return `unexpected argument '${positional}' (flags start with --)`
  return message.split('. ')[0] ?? message
}

function toInteger(name: string, text: string, min: number, max: number): number {
  const value = Number(text)
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new ConfigError(
      `${name} must be a whole number from ${String(min)} to ${String(max)}, got '${text}'.`,
    )
  }
  return value
}

// A DNS name (or a single label such as `devbox`): no scheme, port, path or wildcard.
const HOST_NAME = /^[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*$/

function toHostNames(values: string[]): string[] {
  const names = values
    .flatMap((value) => value.split(','))
    .map((name) => name.trim().toLowerCase().replace(/\.$/, ''))
    .filter((name) => name !== '')
  for (const name of names) {
    if (!HOST_NAME.test(name)) {
      throw new ConfigError(
        `allowed-host must be a host name without scheme or port (e.g. devbox.lan), got '${name}'.`,
      )
    }
  }
  return names
}

const HOUR_MS = 3_600_000

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: HOUR_MS, d: 24 * HOUR_MS }

/** `15m`, `1h`, `30s`, `500ms`, `7d`. */
function toDuration(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined
  const [, amount = '', unit = ''] = /^(\d{1,6})(ms|s|m|h|d)$/.exec(text.trim()) ?? []
  const ms = Number(amount) * (UNIT_MS[unit] ?? 0)
  if (ms <= 0)
    throw new ConfigError(`${name} must be a duration such as 30s, 15m or 2h, got '${text}'.`)
  return ms
}

function toDelay(text: string | undefined): [number, number] | undefined {
  if (text === undefined) return undefined
  const [min = '', max = min, ...rest] = text.split('-')
  if (rest.length > 0) throw new ConfigError(`delay must be MS or MIN-MAX, got '${text}'.`)
  const range: [number, number] = [
    toInteger('delay', min, 0, 60_000),
    toInteger('delay', max, 0, 60_000),
  ]
  if (range[0] > range[1])
    throw new ConfigError(`delay must be MIN-MAX with MIN not above MAX, got '${text}'.`)
  return range
}

// Node refuses a server whose headers may take longer than the whole request.
function checkTimeouts(config: MockConfig): MockConfig {
  const { headersTimeoutMs: headers, requestTimeoutMs: request } = config
  if (request > 0 && headers > request) {
    throw new ConfigError(
      `headers-timeout (${String(headers)}) must not exceed request-timeout (${String(request)}).`,
    )
  }
  return config
}

const OPTIONS = {
  help: { type: 'boolean', default: false },
  version: { type: 'boolean', default: false },
  port: { type: 'string' },
  host: { type: 'string' },
  db: { type: 'string' },
  seed: { type: 'string' },
  quiet: { type: 'boolean', default: false },
  'validate-responses': { type: 'boolean', default: false },
  'allowed-host': { type: 'string', multiple: true },
  'admin-token': { type: 'string' },
  recover: { type: 'boolean', default: false },
  'headers-timeout': { type: 'string' },
  'request-timeout': { type: 'string' },
  'keep-alive-timeout': { type: 'string' },
  delay: { type: 'string' },
  faults: { type: 'string' },
  'no-faults': { type: 'boolean', default: false },
  'no-inspector': { type: 'boolean', default: false },
  'token-ttl': { type: 'string' },
  data: { type: 'string' },
  document: { type: 'string' },
  watch: { type: 'boolean', default: false },
  store: { type: 'string' },
  'pool-size': { type: 'string' },
} as const

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values']

/** Every flag of the command line, without its dashes. */
export const FLAGS = Object.keys(OPTIONS)

/** The only place that reads flags and environment variables; it fails fast on bad values. */
export function readCommandLine(argv: string[], env: NodeJS.ProcessEnv): CommandLine {
  let values
  try {
    ;({ values } = parseArgs({ args: argv, options: OPTIONS }))
  } catch (error) {
    throw new ConfigError(briefly((error as Error).message))
  }
  if (values.help) return { kind: 'help' }
  if (values.version) return { kind: 'version' }
  return { kind: 'serve', config: toConfig(values, env) }
}

/** A PostgreSQL URL; the data file and the database are two stores, not one. */
function toStore(values: Values, env: NodeJS.ProcessEnv): string | undefined {
  const store = values.store ?? env['DATABASE_URL']
  if (store === undefined || (values.store === undefined && store === '')) return undefined
  if (!/^postgres(ql)?:\/\/./.test(store)) {
    throw new ConfigError(`store must be a postgres:// or postgresql:// URL, got '${store}'.`)
  }
  if (values.db !== undefined) {
    throw new ConfigError('--db and --store name two stores: give one of them.')
  }
  return store
}

function toPoolSize(values: Values, env: NodeJS.ProcessEnv): number | undefined {
  const text = values['pool-size'] ?? env['POOL_SIZE']
  if (text === undefined) return undefined
  if (values['pool-size'] !== undefined && toStore(values, env) === undefined) {
    throw new ConfigError('--pool-size is for a database: give --store (or DATABASE_URL) too.')
  }
  return toInteger('pool-size', text, 1, 1000)
}

function toConfig(values: Values, env: NodeJS.ProcessEnv): MockConfig {
  const seed = values.seed ?? env['SEED']
  const adminToken = values['admin-token'] ?? env['ADMIN_TOKEN']
  if (adminToken?.trim() === '') throw new ConfigError('admin-token must not be empty.')
  return checkTimeouts({
    port: toInteger('port', values.port ?? env['PORT'] ?? '4010', 0, 65535),
    host: values.host ?? env['HOST'] ?? '127.0.0.1',
    dbFile: values.db ?? env['DB_FILE'] ?? 'data/db.json',
    seed: seed === undefined ? undefined : toInteger('seed', seed, 0, 2 ** 31 - 1),
    quiet: values.quiet,
    validateResponses: values['validate-responses'],
    allowedHosts: toHostNames(values['allowed-host'] ?? [env['ALLOWED_HOSTS'] ?? '']),
    adminToken,
    recover: values.recover,
    headersTimeoutMs: toInteger(
      'headers-timeout',
      values['headers-timeout'] ?? env['HEADERS_TIMEOUT'] ?? '10000',
      1,
      HOUR_MS,
    ),
    requestTimeoutMs: toInteger(
      'request-timeout',
      values['request-timeout'] ?? env['REQUEST_TIMEOUT'] ?? '30000',
      0,
      HOUR_MS,
    ),
    delay: toDelay(values.delay ?? env['DELAY']),
    faultsFile: values.faults ?? env['FAULTS_FILE'],
    noFaults: values['no-faults'],
    noInspector: values['no-inspector'],
    tokenTtlMs: toDuration('token-ttl', values['token-ttl'] ?? env['TOKEN_TTL']),
    dataFile: values.data ?? env['DATA_FILE'],
    documentFile: values.document ?? env['DOCUMENT'],
    watch: values.watch,
    store: toStore(values, env),
    poolSize: toPoolSize(values, env),
    keepAliveTimeoutMs: toInteger(
      'keep-alive-timeout',
      values['keep-alive-timeout'] ?? env['KEEP_ALIVE_TIMEOUT'] ?? '5000',
      1,
      HOUR_MS,
    ),
  })
}
