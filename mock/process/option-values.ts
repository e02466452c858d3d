// How the values of the flags are read: each refuses what it cannot read, in one sentence.

export class ConfigError extends Error {}

/** Reads a flag's value; `name` is the flag without its dashes, for the message. */
export type Parse<T> = (text: string, name: string, source: 'flag' | 'env') => T

export function toInteger(name: string, text: string, min: number, max: number): number {
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

/** Names given one per flag, or separated by commas. */
export function toHostNames(text: string): string[] {
  const names = text
    .split(',')
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
export function toDuration(text: string, name: string): number {
  const [, amount = '', unit = ''] = /^(\d{1,6})(ms|s|m|h|d)$/.exec(text.trim()) ?? []
  const ms = Number(amount) * (UNIT_MS[unit] ?? 0)
  if (ms <= 0) {
    throw new ConfigError(`${name} must be a duration such as 30s, 15m or 2h, got '${text}'.`)
  }
  return ms
}

export function toDelay(text: string): [number, number] {
  const [min = '', max = min, ...rest] = text.split('-')
  if (rest.length > 0) throw new ConfigError(`delay must be MS or MIN-MAX, got '${text}'.`)
  const range: [number, number] = [
    toInteger('delay', min, 0, 60_000),
    toInteger('delay', max, 0, 60_000),
  ]
  if (range[0] > range[1]) {
    throw new ConfigError(`delay must be MIN-MAX with MIN not above MAX, got '${text}'.`)
  }
  return range
}

/** A PostgreSQL URL; an empty DATABASE_URL is none (the data file). */
export function toStoreUrl(text: string, name: string, source: 'flag' | 'env'): string | undefined {
  if (source === 'env' && text === '') return undefined
  if (!/^postgres(ql)?:\/\/./.test(text)) {
    throw new ConfigError(`${name} must be a postgres:// or postgresql:// URL, got '${text}'.`)
  }
  return text
}
