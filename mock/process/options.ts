// `contacts-mock`'s command line: every flag once, with its environment variable, what it reads,
// its default and its text in --help (command-line.ts reads by this table, and MockConfig's type
// comes from it); then the rules between flags. It fails fast, in one line, on what it cannot read.
import {
  duration,
  helpText,
  httpUrl,
  integer,
  nameOption,
  mustBe,
  optional,
  option,
  parseCommandLine,
  switchOption,
  text,
  UsageError,
  type CommandSpec,
  type Parse,
  type ValuesOf,
} from './command-line.ts'
import type { LogFormat } from './request-log-readable.ts'
import type { PullConfig } from '../pull/pull.ts'

const HOUR_MS = 3_600_000

// A DNS name (or a single label such as `devbox`): no scheme, port, path or wildcard.
const HOST_NAME = /^[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*$/

/** Names given one per flag, or separated by commas. */
const toHostNames: Parse<string[]> = (value, name) => {
  const names = value
    .split(',')
    .map((host) => host.trim().toLowerCase().replace(/\.$/, ''))
    .filter((host) => host !== '')
  const wrong = names.find((host) => !HOST_NAME.test(host))
  if (wrong !== undefined)
    mustBe(name, 'a host name without scheme or port (e.g. devbox.lan)', wrong)
  return names
}

const toDelay: Parse<[number, number]> = (value, name) => {
  const [min = '', max = min, ...rest] = value.split('-')
  if (rest.length > 0) mustBe(name, 'MS or MIN-MAX', value)
  const range: [number, number] = [integer(0, 60_000)(min, name), integer(0, 60_000)(max, name)]
  if (range[0] > range[1]) mustBe(name, 'MIN-MAX with MIN not above MAX', value)
  return range
}

const toStoreUrl: Parse<string> = (value, name) =>
  /^postgres(ql)?:\/\/./.test(value)
    ? value
    : mustBe(name, 'a postgres:// or postgresql:// URL', value)

const toLogFormat: Parse<LogFormat> = (value, name) =>
  value === 'json' || value === 'pretty' ? value : mustBe(name, 'pretty or json', value)

const toToken: Parse<string> = (value, name) => {
  if (value.trim() === '') throw new UsageError(`${name} must not be empty.`)
  return value
}

export const OPTIONS = {
  port: option({
    flag: 'port',
    value: 'N',
    env: 'PORT',
    help: 'port; 0 picks a free one',
    parse: integer(0, 65_535),
    default: 4010,
  }),
  host: option({
    flag: 'host',
    value: 'ADDRESS',
    env: 'HOST',
    help: 'address to listen on; on any address but loopback the admin API needs --admin-token',
    parse: text,
    default: '127.0.0.1',
  }),
  dbFile: option({
    flag: 'db',
    value: 'FILE',
    env: 'DB_FILE',
    help: 'data file, created from the fixtures when absent',
    parse: text,
    default: 'data/db.json',
  }),
  store: option({
    flag: 'store',
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
  poolSize: option({
    flag: 'pool-size',
    value: 'N',
    env: 'POOL_SIZE',
    help: 'connections to the database per instance',
    shows: "twice this machine's cores; set the database machine's",
    parse: optional(integer(1, 1000)),
    default: undefined,
  }),
  dataFile: option({
    flag: 'data',
    value: 'FILE',
    env: 'DATA_FILE',
    help:
      'a seed file of your own (JSON, fixtures/seed.schema.json): what a new data file starts ' +
      'from and a reset restores; read, never written',
    shows: 'the generated fixtures',
    parse: optional(text),
    default: undefined,
  }),
  documentFile: option({
    flag: 'document',
    value: 'FILE',
    env: 'DOCUMENT',
    help: 'your version of openapi.yaml: the same operations with other constraints',
    shows: 'the bundled document',
    parse: optional(text),
    default: undefined,
  }),
  watch: switchOption({
    flag: 'watch',
    help:
      'when the document changes, recompile the validators and keep the data; a document that ' +
      'does not load is reported and the previous one stays',
  }),
  seed: option({
    flag: 'seed',
    value: 'N',
    env: 'SEED',
    help: 'faker seed of the fixtures and of the fault draws',
    shows: '20261122',
    parse: optional(integer(0, 2 ** 31 - 1)),
    default: undefined,
  }),
  allowedHosts: option({
    flag: 'allowed-host',
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
  adminToken: option({
    flag: 'admin-token',
    value: 'TOKEN',
    env: 'ADMIN_TOKEN',
    help: 'bearer token the admin API (/__admin) requires',
    shows: 'none: the admin API answers on loopback only',
    parse: optional(toToken),
    default: undefined,
  }),
  recover: switchOption({
    flag: 'recover',
    help:
      'start on a damaged journal (or lines that break a rule of the data): keep its intact ' +
      'entries and a copy of it aside',
    shows: 'off: refuse to start',
  }),
  headersTimeoutMs: option({
    flag: 'headers-timeout',
    value: 'MS',
    env: 'HEADERS_TIMEOUT',
    help: "time for a request's headers to arrive, else 408",
    parse: integer(1, HOUR_MS),
    default: 10_000,
  }),
  requestTimeoutMs: option({
    flag: 'request-timeout',
    value: 'MS',
    env: 'REQUEST_TIMEOUT',
    help: 'time for a whole request to arrive, else 408; 0 for none',
    parse: integer(0, HOUR_MS),
    default: 30_000,
  }),
  keepAliveTimeoutMs: option({
    flag: 'keep-alive-timeout',
    value: 'MS',
    env: 'KEEP_ALIVE_TIMEOUT',
    help: 'how long an idle connection stays open',
    parse: integer(1, HOUR_MS),
    default: 5_000,
  }),
  delay: option({
    flag: 'delay',
    value: 'MS|MIN-MAX',
    env: 'DELAY',
    help: 'every API request waits MS, or MIN to MAX ms drawn uniformly',
    shows: 'none; at most 60000',
    parse: optional(toDelay),
    default: undefined,
  }),
  faultsFile: option({
    flag: 'faults',
    value: 'FILE',
    env: 'FAULTS_FILE',
    help: 'fault rules to start with: a JSON list of what POST /__admin/faults takes',
    shows: 'none',
    parse: optional(text),
    default: undefined,
  }),
  noFaults: switchOption({
    flag: 'no-faults',
    help:
      'no fault simulation: Prefer is ignored and the fault rules API answers 403, e.g. on a ' +
      'mock a whole team shares',
  }),
  noInspector: switchOption({
    flag: 'no-inspector',
    help: 'no recording of requests for /__inspector',
    shows: 'the last 500 are kept in memory',
  }),
  tokenTtlMs: option({
    flag: 'token-ttl',
    value: 'DURATION',
    env: 'TOKEN_TTL',
    help: 'how long a login token lasts: 30s, 15m, 2h, 7d',
    shows: 'login tokens do not expire',
    parse: optional(duration),
    default: undefined,
  }),
  quiet: switchOption({ flag: 'quiet', help: 'no request log' }),
  logFormat: option({
    flag: 'log',
    value: 'FORMAT',
    env: 'LOG_FORMAT',
    help:
      'the request log: pretty (one line per request: time, method, path, status, ms, and what ' +
      'a 4xx says first) or json (one pino JSON line per request)',
    shows: 'pretty on a terminal, json on a pipe or a file',
    parse: optional(toLogFormat),
    default: undefined,
  }),
  validateResponses: switchOption({
    flag: 'validate-responses',
    help: 'check every response against the document',
  }),
} as const

/** What the command line and the environment ask the mock to serve with. */
export type MockConfig = ValuesOf<typeof OPTIONS>

export const COMMAND: CommandSpec<typeof OPTIONS> = {
  name: 'contacts-mock',
  usage: 'Usage: contacts-mock [flags]     (in this repository: npm start -- [flags])',
  options: OPTIONS,
  version: true,
  footer:
    'contacts-mock pull --help: a deployment read into a seed file for --data. contacts-mock mcp --help: an MCP server for coding agents.',
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Ids given one per flag, or separated by commas. */
const toOrgIds: Parse<string[]> = (value, name) => {
  const ids = value
    .split(',')
    .map((id) => id.trim().toLowerCase())
    .filter((id) => id !== '')
  const wrong = ids.find((id) => !UUID.test(id))
  if (wrong !== undefined) mustBe(name, 'an organization id (a UUID)', wrong)
  return ids
}

/** `contacts-mock pull`: the flags of a pull, read by the same table as the mock's. */
export const PULL_OPTIONS = {
  url: option({
    flag: 'url',
    value: 'BASE',
    help: 'the deployment to read, e.g. https://staging.example.com (required)',
    parse: optional(httpUrl),
    default: undefined,
  }),
  token: option({
    flag: 'token',
    value: 'TOKEN',
    env: 'PULL_TOKEN',
    help: "a bearer token of the deployment (required); prefer the variable, which stays out of the shell's history; it is sent to --url only, and never written or printed",
    shows: 'none',
    parse: optional(toToken),
    default: undefined,
  }),
  orgIds: option({
    flag: 'org',
    value: 'ID',
    help: "an organization the token's user is a member of (required: the API does not list a user's organizations); repeat it or separate ids with commas",
    shows: 'none',
    parse: toOrgIds,
    default: [],
    multiple: true,
  }),
  out: option({
    flag: 'out',
    value: 'FILE',
    help: 'the seed file to write (fixtures/seed.schema.json), checked before it is written and replaced in one step: a failed pull leaves no file, nor a part of one (required)',
    parse: optional(text),
    default: undefined,
  }),
  anonymize: switchOption({
    flag: 'anonymize',
    help: 'names, emails, phone numbers, addresses, LinkedIn URLs and free text become fake values, the same word always the same fake word; ids, types, dates, deletion states and the shape of every record stay',
  }),
  anonymizeKey: option({
    env: 'PULL_ANONYMIZE_KEY',
    help: 'the secret the fake values of --anonymize are drawn with: the same key gives the same fake values on every pull',
    shows: 'a new random key per pull',
    parse: optional(toToken),
    default: undefined,
  }),
  maxRequests: option({
    flag: 'max-requests',
    value: 'N',
    help: 'the most requests the pull sends, retries included; it stops before, writing nothing',
    parse: integer(1),
    default: 100_000,
  }),
  rate: option({
    flag: 'rate',
    value: 'N',
    help: 'requests per second at most, 8 at a time; a dropped connection, a 429 or a 5xx halves it for a while',
    parse: integer(1, 100_000),
    default: 250,
  }),
  timeoutMs: option({
    flag: 'timeout',
    value: 'DURATION',
    help: 'the longest the whole pull may take: 90s, 15m, 2h',
    shows: '30m',
    parse: duration,
    default: 30 * 60_000,
  }),
} as const

export const PULL_COMMAND: CommandSpec<typeof PULL_OPTIONS> = {
  name: 'contacts-mock pull',
  usage: `Usage: contacts-mock pull --url BASE --org ID --out FILE [flags]     (PULL_TOKEN=… first)

Reads a deployment of the Contacts API through its public API (GET only: the contacts, deleted
ones too, each with every metadata group, the token owner's user relationships, the catalog) and
writes a seed file the mock starts from: contacts-mock --data FILE. The seed's user gets a new
token and password, printed once at the end.
`,
  options: PULL_OPTIONS,
  footer: `
Exit codes: 0 the seed is written; 1 the pull failed (nothing written); 2 bad usage.`,
}

/** `contacts-mock mcp`: the MCP server's flags, each with its variable (an MCP client's
 * configuration sets either). */
export const MCP_OPTIONS = {
  url: option({
    flag: 'url',
    value: 'URL',
    env: 'MOCK_URL',
    parse: optional(httpUrl),
    default: undefined,
    help: 'attach to this running mock instead of starting one',
  }),
  adminToken: option({
    flag: 'admin-token',
    value: 'TOKEN',
    env: 'ADMIN_TOKEN',
    parse: optional(text),
    default: undefined,
    help: "the attached mock's --admin-token (a variable keeps it out of process lists)",
  }),
  dataDir: option({
    flag: 'data-dir',
    value: 'DIR',
    env: 'MCP_DATA_DIR',
    parse: optional(text),
    default: undefined,
    help: 'the folder for the data file, its snapshots and the contract runs’ reports; nothing is written elsewhere',
    shows: 'a temporary folder, removed at the exit',
  }),
  allowRemoteContract: switchOption({
    flag: 'allow-remote-contract',
    env: 'MCP_ALLOW_REMOTE_CONTRACT',
    help: 'let contract_run check a base URL that is not this machine (by default only loopback)',
  }),
}

export type McpConfig = ValuesOf<typeof MCP_OPTIONS>

export const MCP_COMMAND: CommandSpec<typeof MCP_OPTIONS> = {
  name: 'contacts-mock mcp',
  usage: [
    'Usage: contacts-mock mcp [flags]   (npx contacts-mock-kit mcp; in this repository: npm start -- mcp)',
    'An MCP server over stdio for coding agents: sandboxes, requests, faults, the contract suite',
    '(docs/with-a-coding-agent.md).',
  ].join('\n'),
  options: MCP_OPTIONS,
}

/** The command a command line is for, which its usage errors name: the mock's, `pull`'s or `mcp`'s. */
export const commandOf = (
  argv: readonly string[],
): CommandSpec<typeof OPTIONS | typeof PULL_OPTIONS | typeof MCP_OPTIONS> =>
  argv[0] === 'pull' ? PULL_COMMAND : argv[0] === 'mcp' ? MCP_COMMAND : COMMAND

function readPullCommandLine(argv: readonly string[], env: NodeJS.ProcessEnv): CommandLine {
  const line = parseCommandLine(PULL_COMMAND, argv, env)
  if (line.kind === 'help') return { kind: 'help', text: helpText(PULL_COMMAND) }
  if (line.kind !== 'run') throw new UsageError('pull takes no --version.')
  const { url, token, orgIds, out, ...bounds } = line.values
  const missing = [
    url === undefined && '--url',
    token === undefined && nameOption(PULL_OPTIONS.token),
    orgIds.length === 0 && '--org',
    (out === undefined || out.trim() === '') && '--out',
  ].filter((name) => name !== false)
  if (url === undefined || token === undefined || out === undefined || missing.length > 0) {
    throw new UsageError(`pull needs ${missing.join(', ')}.`)
  }
  return { kind: 'pull', config: { url, token, orgIds: [...new Set(orgIds)], out, ...bounds } }
}

export const USAGE = helpText(COMMAND)

/** What the command line asks for besides serving. */
export type CommandLine =
  | { kind: 'serve'; config: MockConfig }
  | { kind: 'pull'; config: PullConfig }
  | { kind: 'mcp'; config: McpConfig }
  | { kind: 'help'; text: string }
  | { kind: 'version' }

export function readCommandLine(argv: readonly string[], env: NodeJS.ProcessEnv): CommandLine {
  if (argv[0] === 'pull') return readPullCommandLine(argv.slice(1), env)
  if (argv[0] === 'mcp') {
    const line = parseCommandLine(MCP_COMMAND, argv.slice(1), env)
    if (line.kind === 'run') return { kind: 'mcp', config: line.values }
    return { kind: 'help', text: helpText(MCP_COMMAND) }
  }
  const line = parseCommandLine(COMMAND, argv, env)
  if (line.kind === 'help') return { kind: 'help', text: USAGE }
  if (line.kind !== 'run') return line
  const { values: config, given } = line
  // What no single option can say: the rules between them.
  if (config.store !== undefined && given.dbFile !== undefined) {
    throw new UsageError('--db and --store name two stores: give one of them.')
  }
  if (given.poolSize !== undefined && config.store === undefined) {
    throw new UsageError('--pool-size is for a database: give --store (or DATABASE_URL) too.')
  }
  // Node refuses a server whose headers may take longer than the whole request.
  const { headersTimeoutMs: headers, requestTimeoutMs: request } = config
  if (request > 0 && headers > request) {
    throw new UsageError(
      `--headers-timeout (${String(headers)}) must not exceed --request-timeout (${String(request)}).`,
    )
  }
  return { kind: 'serve', config }
}
