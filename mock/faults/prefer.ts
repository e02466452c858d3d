import { HttpError } from '../shared/problem.ts'

/** The longest delay a request may ask for. */
export const MAX_DELAY_MS = 60_000

export interface Preferences {
  /** `Prefer: code=503`: answer this status. */
  code?: number
  /** `Prefer: delay=800`: wait this long first (capped at MAX_DELAY_MS). */
  delayMs?: number
}

const WHOLE = /^\d{1,9}$/

/**
 * Reads the preferences of RFC 7240 this mock honours (`code` as Prism does, and `delay`); the
 * others are ignored, as the RFC asks. A value that is not a whole number is a 400.
 */
export function readPreferences(header: string | undefined): Preferences {
  const preferences: Preferences = {}
  if (header === undefined) return preferences
  for (const part of header.split(/[,;]/)) {
    const [name = '', raw = ''] = part.split('=').map((text) => text.trim())
    const value = raw.replace(/^"(.*)"$/, '$1')
    if (name.toLowerCase() !== 'code' && name.toLowerCase() !== 'delay') continue
    if (!WHOLE.test(value)) {
      throw new HttpError(400, `Prefer: ${name}=${value} is not a whole number.`, {
        errors: [{ field: 'Prefer', message: `${name} must be a whole number` }],
      })
    }
    if (name.toLowerCase() === 'code') preferences.code = Number(value)
    else preferences.delayMs = Math.min(Number(value), MAX_DELAY_MS)
  }
  return preferences
}
