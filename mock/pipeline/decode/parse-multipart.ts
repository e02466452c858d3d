import { createNameRecord } from '../../shared/name-record.ts'
import { HttpError } from '../../shared/problem.ts'
import { indexOfBytes, latin1Bytes, latin1Text, utf8Text } from './bytes.ts'
import type { FormPair } from './parse-query.ts'
import { malformed, partNameOf } from './part-name.ts'

const CRLF = latin1Bytes('\r\n')
const HEADERS_END = latin1Bytes('\r\n\r\n')

function decode(bytes: Uint8Array, what: string): string {
  const text = utf8Text(bytes, what)
  if (text.includes('\u0000')) throw new HttpError(400, `The ${what} contains a NUL character.`)
  return text
}

/**
 * The fields of a multipart/form-data body (RFC 7578), what `fetch(url, { body: new FormData(form) })`
 * sends: the same name/value pairs a urlencoded form carries, read by the same rules afterwards.
 */
export function parseMultipart(raw: Uint8Array, boundary: string | undefined): FormPair[] {
  if (boundary === undefined || boundary === '' || boundary.length > 70) {
    throw malformed('the Content-Type has no valid boundary')
  }
  const delimiter = latin1Bytes(`--${boundary}`)
  if (indexOfBytes(raw, delimiter) !== 0) throw malformed('it does not start with its boundary')
  const separator = latin1Bytes(`\r\n--${boundary}`)
  const pairs: FormPair[] = []
  let at = delimiter.length
  for (;;) {
    // after a delimiter: `--` ends the body, CRLF starts a part
    if (latin1Text(raw.subarray(at, at + 2)) === '--') return pairs
    if (indexOfBytes(raw, CRLF, at) !== at) {
      throw malformed('a boundary is not followed by a line break')
    }
    const headersEnd = indexOfBytes(raw, HEADERS_END, at)
    if (headersEnd === -1) throw malformed('a part has no end of headers')
    const name = partNameOf(latin1Text(raw.subarray(at + 2, headersEnd + 2)))
    const next = indexOfBytes(raw, separator, headersEnd + HEADERS_END.length)
    if (next === -1) throw malformed('it has no closing boundary')
    const value = raw.subarray(headersEnd + HEADERS_END.length, next)
    pairs.push([decode(latin1Bytes(name), 'form field name'), decode(value, 'form body')])
    at = next + separator.length
  }
}

/** A multipart body's parts by name, each name once; a name sent twice holds the list of values. */
export type Parts = Record<string, string | string[]>

/**
 * The parts by their names, as the document's multipart schemas name their properties
 * (`contact[first_name]`): a name sent twice becomes a list, which a one-value field refuses.
 */
export function collectParts(pairs: Iterable<FormPair>): Parts {
  const parts = createNameRecord<string | string[]>()
  for (const [name, value] of pairs) {
    const existing = parts[name]
    if (existing === undefined) parts[name] = value
    else if (Array.isArray(existing)) existing.push(value)
    else parts[name] = [existing, value]
  }
  return parts
}

/** The parts again as name/value pairs, in order of their names, a list's values each. */
export const pairsOfParts = (parts: Parts): FormPair[] =>
  Object.entries(parts).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((item): FormPair => [name, item]),
  )
