import { HttpError } from '../../shared/problem.ts'
import { collectParts } from './parse-multipart.ts'

export type QueryValues = Record<string, string | string[]>
export type FormPair = [name: string, value: string]

/** Strict application/x-www-form-urlencoded decoding: malformed escapes and NUL are a 400. */
export function decodeComponent(text: string, where: string): string {
  // most names and many values hold nothing to decode
  if (!text.includes('%') && !text.includes('+') && !text.includes('\u0000')) return text
  let decoded: string
  try {
    decoded = decodeURIComponent(text.replaceAll('+', ' '))
  } catch {
    throw new HttpError(400, `The ${where} has an invalid percent-encoding or UTF-8 sequence.`)
  }
  if (decoded.includes('\u0000')) {
    throw new HttpError(400, `The ${where} contains a NUL character.`)
  }
  return decoded
}

export function splitPairs(text: string, where: string): FormPair[] {
  return text
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const equals = part.indexOf('=')
      const name = equals === -1 ? part : part.slice(0, equals)
      const value = equals === -1 ? '' : part.slice(equals + 1)
      return [decodeComponent(name, where), decodeComponent(value, where)]
    })
}

/**
 * Names are kept literally (`include[]` stays `include[]`, as the document names it) and a
 * repeated name becomes an array; the object has no prototype, so no key can reach one.
 */
export const parseQuery = (search: string): QueryValues =>
  collectParts(splitPairs(search, 'query string'))
