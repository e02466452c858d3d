// The secrets of a run: the settings marked secret in the one table of them (settings.ts), among
// the run's options or the suite's configuration, and the tokens its test files learned from the
// target (a login's session). What a run writes goes through the safe text made of them.
import type { ContractEnv } from '../../suite/support/env.ts'
import { readLearnedSecrets } from '../../suite/support/learned-secrets.ts'
import { SETTINGS, type RunOptions, type Setting } from '../settings.ts'
import { createSafeText, type Secret } from './safe-text.ts'

/** The secrets among a run's options, or the suite's configuration and what it learned. */
export function secretsOf(values: RunOptions | ContractEnv): Secret[] {
  const settings: Record<string, Setting> = SETTINGS
  const given = Object.entries(settings).flatMap(([name, { secret }]): Secret[] => {
    const value: unknown = Reflect.get(values, name)
    if (secret === undefined || typeof value !== 'string' || value.trim() === '') return []
    return [{ value: value.trim(), label: secret }]
  })
  const learned = 'secretsFile' in values ? readLearnedSecrets(values.secretsFile) : []
  return [...given, ...learned.map((value): Secret => ({ value, label: 'token' }))]
}

/**
 * The safe text of a process that writes a run's output while its test files still learn tokens:
 * the secrets are read again at each call (a small file), the redactor rebuilt when they change.
 */
export function createRunSafeText(env: ContractEnv): (text: string) => string {
  let known = ''
  let safe = createSafeText([])
  return (text) => {
    const secrets = secretsOf(env)
    const key = JSON.stringify(secrets)
    if (key !== known) [known, safe] = [key, createSafeText(secrets)]
    return safe(text)
  }
}
