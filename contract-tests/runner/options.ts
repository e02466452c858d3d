// The command line of contacts-contract: flags, else the CONTRACT_* variables (see settings.ts).
import { parseArgs, type ParseArgsConfig } from 'node:util'
import { CannotRunError } from './cannot-run.ts'
import { propertyOf } from './property-of.ts'
import { COMMAND, nameSetting, SETTINGS, type Setting, type SettingName } from './settings.ts'

export interface RunOptions {
  /** Undefined: start the bundled mock. No trailing slash. */
  baseUrl: string | undefined
  token: string | undefined
  orgId: string | undefined
  secondToken: string | undefined
  foreignOrgId: string | undefined
  foreignToken: string | undefined
  relationshipId: string | undefined
  readOnly: boolean
  junit: string | undefined
  viaPrism: boolean
  behindPrism: boolean
  runId: string | undefined
}

export type Command = { kind: 'help' } | { kind: 'version' } | { kind: 'run'; options: RunOptions }

const settings: readonly Setting[] = Object.values(SETTINGS)
const PARSE_OPTIONS: NonNullable<ParseArgsConfig['options']> = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
  ...Object.fromEntries(
    settings.flatMap(({ flag, value }) =>
      flag === undefined ? [] : [[flag, { type: value === undefined ? 'boolean' : 'string' }]],
    ),
  ),
}

const hint = `See ${COMMAND} --help.`

function usageError(error: unknown): CannotRunError {
  const code = propertyOf(error, 'code')
  const message = propertyOf(error, 'message')
  const text = typeof message === 'string' ? message : String(error)
  const quoted = /'([^' ]+)/.exec(text)?.[1] ?? ''
  const flag = PARSE_OPTIONS[quoted.replace(/^-+/, '')]
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION')
    return new CannotRunError(`unknown option ${quoted}. ${hint}`)
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL')
    return new CannotRunError(`unexpected argument '${quoted}'. ${hint}`)
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    return new CannotRunError(
      `${quoted} ${flag?.type === 'string' ? 'needs a value' : 'takes no value'}. ${hint}`,
    )
  }
  return new CannotRunError(`${text.split('\n')[0] ?? ''}. ${hint}`)
}

function checkBaseUrl(url: string): string {
  const protocol = URL.canParse(url) ? new URL(url).protocol : undefined
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw new CannotRunError(`--base-url must be an http(s) URL, got '${url}'. ${hint}`)
  }
  return url.replace(/\/+$/, '')
}

export function parseCommand(argv: readonly string[], env: NodeJS.ProcessEnv): Command {
  let values: ReturnType<typeof parseArgs>['values']
  try {
    values = parseArgs({ args: [...argv], options: PARSE_OPTIONS, strict: true }).values
  } catch (error) {
    throw usageError(error)
  }
  if (values['help'] === true) return { kind: 'help' }
  if (values['version'] === true) return { kind: 'version' }
  const text = (name: SettingName): string | undefined => {
    const setting: Setting = SETTINGS[name]
    const flagged = setting.flag === undefined ? undefined : values[setting.flag]
    const fromVariable = setting.variable === undefined ? undefined : env[setting.variable]
    const raw = (typeof flagged === 'string' ? flagged : fromVariable)?.trim()
    return raw === '' ? undefined : raw
  }
  const isOn = (name: SettingName): boolean => {
    const setting: Setting = SETTINGS[name]
    if (setting.flag !== undefined && values[setting.flag] === true) return true
    return ['1', 'true', 'yes'].includes((text(name) ?? '').toLowerCase())
  }
  const baseUrl = text('baseUrl')
  const options: RunOptions = {
    baseUrl: baseUrl === undefined ? undefined : checkBaseUrl(baseUrl),
    token: text('token'),
    orgId: text('orgId'),
    secondToken: text('secondToken'),
    foreignOrgId: text('foreignOrgId'),
    foreignToken: text('foreignToken'),
    relationshipId: text('relationshipId'),
    readOnly: isOn('readOnly'),
    junit: text('junit'),
    viaPrism: isOn('viaPrism'),
    behindPrism: isOn('behindPrism'),
    runId: text('runId'),
  }
  const missing = (['token', 'orgId'] as const).filter((name) => options[name] === undefined)
  if (options.baseUrl !== undefined && missing.length > 0) {
    throw new CannotRunError(
      `${nameSetting('baseUrl')} needs ${missing.map(nameSetting).join(' and ')} too. ${hint}`,
    )
  }
  return { kind: 'run', options }
}
