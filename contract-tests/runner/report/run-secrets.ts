// The secrets of a run: the settings marked secret in the one table of them (settings.ts), as flags
// or CONTRACT_* variables, and the tokens its test files learned from the target (a login's
// session). What a run writes goes through the safe text made of them (safe-text.ts).
import { readLearnedSecrets, SECRETS_FILE_VARIABLE } from '../../suite/support/learned-secrets.ts'
import { SETTINGS, type Setting, type SettingName } from '../settings.ts'
import { createSafeText, type Secret } from './safe-text.ts'

/** Options or an environment: read by name. */
type Values = object

function secretsBy(
  values: Values,
  keyOf: (name: SettingName, setting: Setting) => string,
): Secret[] {
  return Object.entries(SETTINGS).flatMap(([name, setting]: [string, Setting]) => {
    const value: unknown = Reflect.get(values, keyOf(name as SettingName, setting))
    if (setting.secret === undefined || typeof value !== 'string' || value.trim() === '') return []
    return [{ value: value.trim(), label: setting.secret }]
  })
}

/** The secrets among a run's options (keyed as the settings are: token, password, …). */
export const secretsOfOptions = (options: Values): Secret[] => secretsBy(options, (name) => name)

/** The secrets among CONTRACT_* variables, and those noted in the run's file of learned ones. */
export function secretsOfEnvironment(env: Values): Secret[] {
  const given = secretsBy(env, (name, setting) => setting.variable ?? name)
  const file: unknown = Reflect.get(env, SECRETS_FILE_VARIABLE)
  const learned = readLearnedSecrets(typeof file === 'string' ? file : undefined)
  return [...given, ...learned.map((value): Secret => ({ value, label: 'token' }))]
}

/**
 * The safe text of a process that writes a run's output while its test files still learn tokens:
 * the secrets are read again at each call (a small file), the redactor rebuilt when they change.
 */
export function createRunSafeText(env: Values): (text: string) => string {
  let known = ''
  let safe = createSafeText([])
  return (text) => {
    const secrets = secretsOfEnvironment(env)
    const key = JSON.stringify(secrets)
    if (key !== known) [known, safe] = [key, createSafeText(secrets)]
    return safe(text)
  }
}
