// The values of contacts-contract's flags and variables, each read or refused with a usage error
// that says what was expected (options.ts reads the command line with them).
import { existsSync } from 'node:fs'
import { resolve as resolvePath } from 'node:path'
import { CannotRunError } from './cannot-run.ts'
import { parseDurationMs } from './deadline.ts'
import { COMMAND, nameSetting, type SettingName } from './settings.ts'

export const USAGE_HINT = `See ${COMMAND} --help.`

export function checkBaseUrl(url: string): string {
  const protocol = URL.canParse(url) ? new URL(url).protocol : undefined
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw new CannotRunError(`--base-url must be an http(s) URL, got '${url}'. ${USAGE_HINT}`)
  }
  return url.replace(/\/+$/, '')
}

/** A file the flag names, made absolute: the test processes may run in another folder. */
export function existingFile(flag: string, path: string | undefined): string | undefined {
  if (path === undefined) return undefined
  if (!existsSync(path)) throw new CannotRunError(`${flag}: no such file '${path}'. ${USAGE_HINT}`)
  return resolvePath(path)
}

export function optionalNumber(name: SettingName, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined
  const value = Number(raw)
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new CannotRunError(
      `${nameSetting(name)} must be a whole number, got '${raw}'. ${USAGE_HINT}`,
    )
  }
  return value
}

export function positiveNumber(
  name: SettingName,
  raw: string | undefined,
  fallback: number,
  zeroAllowed = false,
): number {
  const value = optionalNumber(name, raw) ?? fallback
  if (value === 0 && !zeroAllowed) {
    throw new CannotRunError(`${nameSetting(name)} must be above 0. ${USAGE_HINT}`)
  }
  return value
}

export function durationMs(name: SettingName, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback
  const value = parseDurationMs(raw)
  if (value !== undefined) return value
  throw new CannotRunError(
    `${nameSetting(name)} must be a duration such as 90s, 10m or 1h, got '${raw}'. ${USAGE_HINT}`,
  )
}

/** `decision:10, status:getContact:404` → the ids; the runner checks them against the document. */
export function ruleIds(raw: string | undefined): string[] | undefined {
  const ids = raw
    ?.split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '')
  if (ids?.length === 0)
    throw new CannotRunError(`${nameSetting('rules')} names no rule. ${USAGE_HINT}`)
  return ids
}
