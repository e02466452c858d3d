// Every flag of `contacts-mock`, once: its environment variable, what it reads, its default and
// its text in --help. config.ts parses by this table, and MockConfig's type comes from it.
import {
  ConfigError,
  toDelay,
  toDuration,
  toHostNames,
  toInteger,
  toStoreUrl,
  type Parse,
} from './option-values.ts'
import type { LogFormat } from './request-log-readable.ts'

const HOUR_MS = 3_600_000

export interface OptionSpec<K extends string = string, T = unknown> {
  /** The name of the value in MockConfig. */
  key: K
  /** What follows the flag in --help (`N`, `FILE`); none for a switch. */
  value?: string
  env?: string
  /** What --help says; the variable and the default are added to it. */
  help: string
  /** How --help names the default; none: the default says nothing worth showing. */
  shows?: string
  /** Reads a given value; none for a switch. */
  parse?: Parse<T>
  default: T
  /** Given more than once, the values add up (read as one list). */
  multiple?: boolean
}

const option = <K extends string, T>(spec: OptionSpec<K, T>): OptionSpec<K, T> => spec
const integer =
  (min: number, max: number): Parse<number> =>
  (text, name) =>
    toInteger(name, text, min, max)
const text: Parse<string> = (value) => value
const toLogFormat: Parse<LogFormat> = (value, name) => {
  if (value === 'json' || value === 'pretty') return value
  throw new ConfigError(`${name} must be pretty or json, got '${value}'.`)
}
const optional = <T>(parse: Parse<T>): Parse<T | undefined> => parse

export const OPTIONS = {
  port: option({
    key: 'port',
    value: 'N',
    env: 'PORT',
    help: 'port; 0 picks a free one',
    shows: '4010',
    parse: integer(0, 65_535),
    default: 4010,
  }),
  host: option({
    key: 'host',
    value: 'ADDRESS',
    env: 'HOST',
    help: 'address to listen on; on any address but loopback the admin API needs --admin-token',
    shows: '127.0.0.1',
    parse: text,
    default: '127.0.0.1',
  }),
  db: option({
    key: 'dbFile',
    value: 'FILE',
    env: 'DB_FILE',
    help: 'data file, created from the fixtures when absent',
    shows: 'data/db.json',
    parse: text,
    default: 'data/db.json',
  }),
  store: option({
    key: 'store',
    value: 'URL',
    env: 'DATABASE_URL',
    help:
      'a PostgreSQL database as the store instead of the data file: ' +
      'postgres://user:password@host:5432/db; several instances on one database act as one ' +
      'mock; an empty database gets the seed',
    shows: 'none: the data file',
    parse: optional(toStoreUrl),
    default: undefined,
  }),
  'pool-size': option({
    key: 'poolSize',
    value: 'N',
    env: 'POOL_SIZE',
    help: 'connections to the database per instance',
    shows: "twice this machine's cores; set the database machine's",
    parse: optional(integer(1, 1000)),
    default: undefined,
  }),
  data: option({
    key: 'dataFile',
    value: 'FILE',
    env: 'DATA_FILE',
    help:
      'a seed file of your own (JSON, fixtures/seed.schema.json): what a new data file starts ' +
      'from and a reset restores; read, never written',
    shows: 'the generated fixtures',
    parse: optional(text),
    default: undefined,
  }),
  document: option({
    key: 'documentFile',
    value: 'FILE',
    env: 'DOCUMENT',
    help: 'your version of openapi.yaml: the same operations with other constraints',
    shows: 'the bundled document',
    parse: optional(text),
    default: undefined,
  }),
  watch: option({
    key: 'watch',
    help:
      'when the document changes, recompile the validators and keep the data; a document that ' +
      'does not load is reported and the previous one stays',
    shows: 'off',
    default: false,
  }),
  seed: option({
    key: 'seed',
    value: 'N',
    env: 'SEED',
    help: 'faker seed of the fixtures and of the fault draws',
    shows: '20261122',
    parse: optional(integer(0, 2 ** 31 - 1)),
    default: undefined,
  }),
  'allowed-host': option({
    key: 'allowedHosts',
    value: 'NAME',
    env: 'ALLOWED_HOSTS',
    help:
      'a host name accepted in the Host header, besides localhost, *.localhost, IP addresses ' +
      'and the --host name; repeat it or separate names with commas',
    shows: 'none',
    parse: toHostNames,
    default: [],
    multiple: true,
  }),
  'admin-token': option({
    key: 'adminToken',
    value: 'TOKEN',
    env: 'ADMIN_TOKEN',
    help: 'bearer token the admin API (/__admin) requires',
    shows: 'none: the admin API answers on loopback only',
    parse: optional((value, name) => {
      if (value.trim() === '') throw new ConfigError(`${name} must not be empty.`)
      return value
    }),
    default: undefined,
  }),
  recover: option({
    key: 'recover',
    help:
      'start on a damaged journal (or lines that break a rule of the data): keep its intact ' +
      'entries and a copy of it aside',
    shows: 'off: refuse to start',
    default: false,
  }),
  'headers-timeout': option({
    key: 'headersTimeoutMs',
    value: 'MS',
    env: 'HEADERS_TIMEOUT',
    help: "time for a request's headers to arrive, else 408",
    shows: '10000',
    parse: integer(1, HOUR_MS),
    default: 10_000,
  }),
  'request-timeout': option({
    key: 'requestTimeoutMs',
    value: 'MS',
    env: 'REQUEST_TIMEOUT',
    help: 'time for a whole request to arrive, else 408; 0 for none',
    shows: '30000',
    parse: integer(0, HOUR_MS),
    default: 30_000,
  }),
  'keep-alive-timeout': option({
    key: 'keepAliveTimeoutMs',
    value: 'MS',
    env: 'KEEP_ALIVE_TIMEOUT',
    help: 'how long an idle connection stays open',
    shows: '5000',
    parse: integer(1, HOUR_MS),
    default: 5_000,
  }),
  delay: option({
    key: 'delay',
    value: 'MS|MIN-MAX',
    env: 'DELAY',
    help: 'every API request waits MS, or MIN to MAX ms drawn uniformly',
    shows: 'none; at most 60000',
    parse: optional(toDelay),
    default: undefined,
  }),
  faults: option({
    key: 'faultsFile',
    value: 'FILE',
    env: 'FAULTS_FILE',
    help: 'fault rules to start with: a JSON list of what POST /__admin/faults takes',
    shows: 'none',
    parse: optional(text),
    default: undefined,
  }),
  'no-faults': option({
    key: 'noFaults',
    help:
      'no fault simulation: Prefer is ignored and the fault rules API answers 403, e.g. on a ' +
      'mock a whole team shares',
    shows: 'off',
    default: false,
  }),
  'no-inspector': option({
    key: 'noInspector',
    help: 'no recording of requests for /__inspector',
    shows: 'the last 500 are kept in memory',
    default: false,
  }),
  'token-ttl': option({
    key: 'tokenTtlMs',
    value: 'DURATION',
    env: 'TOKEN_TTL',
    help: 'how long a login token lasts: 30s, 15m, 2h, 7d',
    shows: 'login tokens do not expire',
    parse: optional(toDuration),
    default: undefined,
  }),
  quiet: option({ key: 'quiet', help: 'no request log', shows: 'off', default: false }),
  log: option({
    key: 'logFormat',
    value: 'FORMAT',
    env: 'LOG_FORMAT',
    help:
      'the request log: pretty (one line per request: time, method, path, status, ms, and what ' +
      'a 4xx says first) or json (one pino JSON line per request)',
    shows: 'pretty on a terminal, json on a pipe or a file',
    parse: optional(toLogFormat),
    default: undefined,
  }),
  'validate-responses': option({
    key: 'validateResponses',
    help: 'check every response against the document',
    shows: 'off',
    default: false,
  }),
} as const

type Options = typeof OPTIONS
type ValueOf<O> = O extends OptionSpec<string, infer T> ? T : never

/** What the command line and the environment ask the mock to serve with. */
export type MockConfig = {
  -readonly [F in keyof Options as Options[F]['key']]: ValueOf<Options[F]>
}
