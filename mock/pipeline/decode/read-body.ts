import type { CompiledOperation } from '../validate/compile-operations.ts'
import { headerOf, type CoreRequest } from '../exchange.ts'
import { collectParts, parseMultipart } from './parse-multipart.ts'
import { splitPairs } from './parse-query.ts'
import { utf8Text } from './bytes.ts'
import { HttpError } from '../../shared/problem.ts'

const FORM = 'application/x-www-form-urlencoded'
const MULTIPART = 'multipart/form-data'

function contentTypeOf(request: CoreRequest): {
  mediaType: string
  charset: string | undefined
  boundary: string | undefined
} {
  const [mediaType = '', ...params] = (headerOf(request.headers, 'content-type') ?? '').split(';')
  const param = (name: string): string | undefined =>
    params
      .map((text) => text.trim())
      .find((text) => text.toLowerCase().startsWith(`${name}=`))
      ?.slice(name.length + 1)
      .replace(/^"(.*)"$/, '$1')
  // a boundary is case-sensitive; a charset is not
  const charset = param('charset')?.toLowerCase().replaceAll('"', '')
  return { mediaType: mediaType.trim().toLowerCase(), charset, boundary: param('boundary') }
}

function parseJson(text: string): unknown {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new HttpError(400, `The JSON body cannot be parsed: ${(error as Error).message}`)
  }
  if (text.includes('\\u0000') || text.includes('\u0000'))
    throw new HttpError(400, 'The body contains a NUL character.')
  return value
}

export interface ReadBody {
  mediaType: string
  value: unknown
}

/**
 * Turns the body's bytes (read with the document's size limit) into a value, by the media types
 * the document lists for the operation; undefined when none was sent (for an operation that takes
 * none, `received` says whether one was). Only reading happens here: what the value must be is
 * checked in validate-request.ts.
 */
export function decodeBody(
  operation: CompiledOperation,
  request: CoreRequest,
  received: Uint8Array | boolean,
): ReadBody | undefined {
  const { body } = operation
  if (!body) {
    if (received === true) throw new HttpError(400, 'This operation takes no request body.')
    return undefined
  }
  const { mediaType, charset, boundary } = contentTypeOf(request)
  if (typeof received === 'boolean' || received.length === 0) {
    // an empty urlencoded form is a form without fields, named by the form's schema
    const emptyForm = mediaType === FORM && body.validators.has(FORM)
    return emptyForm ? { mediaType, value: collectParts([]) } : undefined
  }
  if (!body.validators.has(mediaType) || !['utf-8', 'utf8', undefined].includes(charset)) {
    const accepted = [...body.validators.keys()]
    const sent = headerOf(request.headers, 'content-type') ?? 'no Content-Type'
    throw new HttpError(415, `Send ${accepted.join(' or ')} (UTF-8), not ${sent}.`)
  }
  // a form body, urlencoded or multipart (what `new FormData(form)` sends), is its fields by name,
  // each a property of the document's schema for it (`contact[first_name]`); validate-request.ts
  // then reads them as the JSON body with the same nesting
  if (mediaType === MULTIPART)
    return { mediaType, value: collectParts(parseMultipart(received, boundary)) }
  const text = utf8Text(received, 'body')
  if (mediaType === FORM) return { mediaType, value: collectParts(splitPairs(text, 'form body')) }
  return { mediaType, value: parseJson(text) }
}
