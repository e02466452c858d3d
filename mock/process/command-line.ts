// How every command of the project reads its command line (contacts-mock, contacts-contract, the
// fixtures' and the benchmarks' scripts): a table of options, each read from its flag, else its
// environment variable, else its default, by node:util's parseArgs; --help made from the same
// table; one usage error, worded one way: `cmd: unknown option --x. See cmd --help.`
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs, type ParseArgsConfig } from 'node:util'
import { wrapWords } from '../shared/wrap-words.ts'

/** How every command of the project exits: done, failed, or a command line to fix (UsageError). */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const

/** A command line the user must fix: the command prints usageLine() and exits with code 2. */
export class UsageError extends Error {
  override name = 'UsageError'
}

/** Reads an option's text; `name` is how a message names the option: `--port (PORT)`. */
export type Parse<T> = (text: string, name: string) => T

export interface Option<T = unknown> {
  /** The flag without its dashes; none for a setting only a variable gives. */
  flag?: string
  /** A one-letter alias of the flag (`-n`). */
  short?: string
  /** What follows the flag in --help (`N`, `FILE`); none for a switch. */
  value?: string
  /** The environment variable read when the flag is absent; an empty one is unset. */
  env?: string
  /** What --help says; the variable and the default are added to it. None: not in --help. */
  help?: string
  /** How --help names the default; none: a number or a text as it is, a switch `off`. */
  shows?: string
  /** Reads a value; a switch's reads its variable (default: on with 1, true or yes). */
  parse?: Parse<T>
  default: T
  /** Given more than once, the values add up: read as one text, separated by commas. */
  multiple?: boolean
}

/** An option of a table, its type inferred from its parser and its default. */
export const option = <T>(spec: Option<T>): Option<T> => spec

/** A switch: off unless its flag is given, or its variable turns it on. */
export const switchOption = (
  spec: Omit<Option<boolean>, 'default' | 'value'>,
): Option<boolean> => ({
  ...spec,
  default: false,
})

type Options = Record<string, Option>

/** The values a table reads: the type of each option's parser and default. */
export type ValuesOf<O extends Options> = {
  -readonly [K in keyof O]: O[K] extends Option<infer T> ? T : never
}

export interface CommandSpec<O extends Options> {
  /** Its name, at the start of its usage errors. */
  name: string
  /** How a user runs it, when not by its name (`npm run fixtures --`). */
  run?: string
  /** The first lines of --help: how to call it and what it does. */
  usage: string
  options: O
  /** It takes --version. */
  version?: boolean
  /** The last lines of --help. */
  footer?: string
}

export type CommandLine<O extends Options> =
  | { kind: 'help' }
  | { kind: 'version' }
  | {
      kind: 'run'
      values: ValuesOf<O>
      /** What each option was given on the command line, in order (a switch: nothing). */
      given: Partial<Record<keyof O, string[]>>
    }

/** How a message names an option: `--flag (VARIABLE)`, `--flag` or `VARIABLE`. */
export function nameOption({ flag, env }: Option): string {
  if (flag === undefined) return env ?? ''
  return env === undefined ? `--${flag}` : `--${flag} (${env})`
}

/** The one wording of a usage error. */
export const usageLine = (command: CommandSpec<Options>, error: UsageError): string =>
  `${command.name}: ${error.message} See ${command.run ?? command.name} --help.`

/** Refuses a value: `--port (PORT) must be a whole number from 0 to 65535, got 'x'.` */
export function mustBe(name: string, expected: string, text: string): never {
  throw new UsageError(`${name} must be ${expected}, got '${text}'.`)
}

export const text: Parse<string> = (value) => value

/** A value that may be absent: its parser, with undefined among its values. */
export const optional = <T>(parse: Parse<T>): Parse<T | undefined> => parse

/** Digits only: Number() would also take '', '1e3', '0x10' and '5.0'. */
export const integer =
  (min: number, max = Number.MAX_SAFE_INTEGER): Parse<number> =>
  (value, name) => {
    const number = /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN
    if (number >= min && number <= max) return number
    const range =
      max === Number.MAX_SAFE_INTEGER
        ? `of at least ${String(min)}`
        : `from ${String(min)} to ${String(max)}`
    return mustBe(name, `a whole number ${range}`, value)
  }

/** An http(s) URL, without its trailing slashes: the base that paths are put after. */
export const httpUrl: Parse<string> = (value, name) => {
  const url = value.trim()
  const protocol = URL.canParse(url) ? new URL(url).protocol : undefined
  if (protocol === 'http:' || protocol === 'https:') return url.replace(/\/+$/, '')
  return mustBe(name, 'an http(s) URL', value)
}

const DAY_MS = 86_400_000
const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: DAY_MS }
/** The longest duration: what the mock's 6 digits of days allowed. */
const MAX_DURATION_MS = 999_999 * DAY_MS

/**
 * The one grammar of durations, in milliseconds: `500ms`, `90s`, `15m`, `1.5h`, `7d`, a space
 * before the unit allowed, in either case; a unit is needed. Hand-written: `ms` (npm) would also
 * take a bare number as milliseconds and negative durations, and it says them back rounded.
 */
export const duration: Parse<number> = (value, name) => {
  const [, amount = '', unit = ''] = /^(\d+(?:\.\d+)?) ?(ms|s|m|h|d)$/i.exec(value.trim()) ?? []
  const ms = Math.round(Number(amount) * (UNIT_MS[unit.toLowerCase()] ?? 0))
  if (ms > 0 && ms <= MAX_DURATION_MS) return ms
  return mustBe(name, 'a duration such as 500ms, 90s, 15m, 1.5h or 7d', value)
}

const isOn: Parse<boolean> = (value) => ['1', 'true', 'yes'].includes(value.trim().toLowerCase())

/** Node's parseArgs explains at length; a user wants the option and where to look. */
function usageErrorOf(error: unknown): UsageError {
  const said = String(Reflect.get(Object(error), 'message') ?? error)
  const quoted = /'([^']*)'/.exec(said)?.[1] ?? ''
  const flag = /--[\w-]+/.exec(said)?.[0] ?? quoted
  const problem = {
    ERR_PARSE_ARGS_UNKNOWN_OPTION: `unknown option ${quoted}`,
    ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL: `unexpected argument '${quoted}'`,
    ERR_PARSE_ARGS_INVALID_OPTION_VALUE: said.includes('does not take an argument')
      ? `${flag} takes no value`
      : `${flag} needs a value`,
  }[String(Reflect.get(Object(error), 'code'))]
  return new UsageError(`${problem ?? said.split('\n')[0] ?? ''}.`)
}

/** One option's value: the flag, else its variable, else the default. */
function valueOf(spec: Option, given: string[] | undefined, env: NodeJS.ProcessEnv): unknown {
  const name = nameOption(spec)
  const variable = spec.env === undefined ? undefined : env[spec.env]
  const fromEnv = variable === '' ? undefined : variable
  if (spec.value === undefined) {
    if (given !== undefined) return true
    return fromEnv === undefined ? spec.default : (spec.parse ?? isOn)(fromEnv, name)
  }
  const parse = spec.parse ?? text
  if (given === undefined) return fromEnv === undefined ? spec.default : parse(fromEnv, name)
  return parse(spec.multiple === true ? given.join(',') : (given.at(-1) ?? ''), name)
}

/** Reads a command line by its table; throws a UsageError for what it cannot read. */
export function parseCommandLine<O extends Options>(
  command: CommandSpec<O>,
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
): CommandLine<O> {
  const specs = Object.entries(command.options)
  const flags = specs.flatMap(([key, spec]) =>
    spec.flag === undefined ? [] : [{ key, flag: spec.flag, spec }],
  )
  const options: NonNullable<ParseArgsConfig['options']> = {
    help: { type: 'boolean', short: 'h' },
    ...(command.version === true && { version: { type: 'boolean' } }),
  }
  for (const { flag, spec } of flags) {
    const type = spec.value === undefined ? 'boolean' : 'string'
    // every occurrence is kept: `given` lists them, the value is the last one (or all)
    options[flag] = { type, multiple: true, ...(spec.short !== undefined && { short: spec.short }) }
  }
  let values: ReturnType<typeof parseArgs>['values']
  try {
    values = parseArgs({ args: [...argv], strict: true, options }).values
  } catch (error) {
    throw usageErrorOf(error)
  }
  if (values['help'] === true) return { kind: 'help' }
  if (values['version'] === true) return { kind: 'version' }
  const given: Partial<Record<keyof O, string[]>> = {}
  for (const { key, flag } of flags) {
    const texts = values[flag]
    if (Array.isArray(texts))
      given[key as keyof O] = texts.filter((item) => typeof item === 'string')
  }
  const read = specs.map(([key, spec]) => [key, valueOf(spec, given[key as keyof O], env)])
  // each value was read by its own option of the table, which ValuesOf is made from
  return { kind: 'run', values: Object.fromEntries(read) as ValuesOf<O>, given }
}

const WIDTH = 91
const INDENT = 27

function entry(heading: string, help: string, notes: (string | undefined)[] = []): string {
  const tail = notes.filter((note) => note !== undefined).join(', ')
  const [first = '', ...rest] = wrapWords(tail === '' ? help : `${help} (${tail})`, WIDTH, INDENT)
  return [
    `  ${heading.padEnd(INDENT - 4)}  ${first}`,
    ...rest.map((line) => ' '.repeat(INDENT) + line),
  ].join('\n')
}

/** How --help names an option's default: its `shows`, else a number or a text, a switch `off`. */
function shownDefault({ shows, default: value }: Option): string | undefined {
  if (shows !== undefined || value === false) return shows ?? 'off'
  const plain = typeof value === 'number' || (typeof value === 'string' && value !== '')
  return plain ? String(value) : undefined
}

/** --help: every option with its variable and its default, from the table. */
export function helpText(command: CommandSpec<Options>): string {
  const specs = Object.values(command.options)
  const listed = specs.flatMap((spec) => {
    if (spec.help === undefined) return []
    const { flag, short, value, env } = spec
    const long = `--${flag ?? ''}${value === undefined ? '' : ` ${value}`}`
    const heading =
      flag === undefined ? (env ?? '') : short === undefined ? long : `-${short}, ${long}`
    const shown = shownDefault(spec)
    const notes = [flag === undefined ? undefined : env, shown && `default ${shown}`]
    return [entry(heading, spec.help, notes)]
  })
  return [
    command.usage,
    entry('-h, --help', 'this text'),
    ...(command.version === true ? [entry('--version', 'the version of contacts-mock-kit')] : []),
    ...listed,
    ...(specs.some((spec) => spec.flag !== undefined && spec.env !== undefined)
      ? ['Flags win over the environment variables in parentheses.']
      : []),
    ...(command.footer === undefined ? [] : [command.footer]),
  ].join('\n')
}

/** The version in the nearest package.json above a module: the sources', or dist/'s. */
export function packageVersion(moduleUrl: string): string {
  for (let dir = dirname(fileURLToPath(moduleUrl)); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json')
    if (existsSync(manifest)) {
      const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version?: unknown }
      if (typeof version === 'string') return version
    }
    if (dirname(dir) === dir) return '(unknown: no package.json with a version found)'
  }
}
