// The command line and the environment, read by the options table (options.ts): the only place
// that reads them. It fails fast, in one line, on what it cannot read.
import { parseArgs } from 'node:util'
import { ConfigError } from './option-values.ts'
import { OPTIONS, type MockConfig, type OptionSpec } from './options.ts'

export { ConfigError } from './option-values.ts'
export type { MockConfig } from './options.ts'

/** What the command line asks for besides serving. */
export type CommandLine =
  { kind: 'serve'; config: MockConfig } | { kind: 'help' } | { kind: 'version' }

type Flag = keyof typeof OPTIONS
const FLAG_NAMES = Object.keys(OPTIONS) as Flag[]

/** Every flag of the command line, without its dashes. */
export const FLAGS: readonly string[] = ['help', 'version', ...FLAG_NAMES]

const PARSE_ARGS = Object.fromEntries([
  ['help', { type: 'boolean' }],
  ['version', { type: 'boolean' }],
  ...FLAG_NAMES.map((flag) => {
    const spec: OptionSpec = OPTIONS[flag]
    return [
      flag,
      spec.parse ? { type: 'string', multiple: spec.multiple === true } : { type: 'boolean' },
    ]
  }),
]) as Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>

/** Node's parseArgs explains at length; a user wants the flag and where to look. */
function briefly(message: string): string {
  const unknown = /Unknown option '([^']+)'/.exec(message)?.[1]
  if (unknown !== undefined) return `unknown flag ${unknown}`
  const positional = /Unexpected argument '([^']+)'/.exec(message)?.[1]
  if (positional !== undefined) return `unexpected argument '${positional}' (flags start with --)`
  return message.split('. ')[0] ?? message
}

type Given = string | boolean | (string | boolean)[] | undefined

/** One option's value: the flag, else its environment variable, else the default. */
function valueOf(flag: Flag, given: Given, env: NodeJS.ProcessEnv): unknown {
  const spec: OptionSpec = OPTIONS[flag]
  if (!spec.parse) return given === true || spec.default
  const fromFlag = Array.isArray(given) ? given.join(',') : given
  if (typeof fromFlag === 'string') return spec.parse(fromFlag, flag, 'flag')
  const fromEnv = spec.env === undefined ? undefined : env[spec.env]
  return fromEnv === undefined ? spec.default : spec.parse(fromEnv, flag, 'env')
}

/** What no single option can say: the rules between them. */
function checkTogether(config: MockConfig, given: Record<string, Given>): MockConfig {
  if (config.store !== undefined && given['db'] !== undefined) {
    throw new ConfigError('--db and --store name two stores: give one of them.')
  }
  if (given['pool-size'] !== undefined && config.store === undefined) {
    throw new ConfigError('--pool-size is for a database: give --store (or DATABASE_URL) too.')
  }
  // Node refuses a server whose headers may take longer than the whole request.
  const { headersTimeoutMs: headers, requestTimeoutMs: request } = config
  if (request > 0 && headers > request) {
    throw new ConfigError(
      `headers-timeout (${String(headers)}) must not exceed request-timeout (${String(request)}).`,
    )
  }
  return config
}

export function readCommandLine(argv: string[], env: NodeJS.ProcessEnv): CommandLine {
  let values: Record<string, Given>
  try {
    ;({ values } = parseArgs({ args: argv, options: PARSE_ARGS }))
  } catch (error) {
    throw new ConfigError(briefly((error as Error).message))
  }
  if (values['help'] === true) return { kind: 'help' }
  if (values['version'] === true) return { kind: 'version' }
  const entries = FLAG_NAMES.map((flag) => [OPTIONS[flag].key, valueOf(flag, values[flag], env)])
  // each value was read by its own option of the table, which MockConfig's type is made from
  const config = Object.fromEntries(entries) as MockConfig
  return { kind: 'serve', config: checkTogether(config, values) }
}

export { USAGE } from './usage.ts'
