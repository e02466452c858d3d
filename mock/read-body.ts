import type { Request } from 'express'
import type { CompiledOperation } from './compile-operations.ts'
import { parseForm } from './parse-form.ts'
import { HttpError } from './problem.ts'
import { describeInvalidFields, toFieldErrors } from './validation-errors.ts'

const FORM = 'application/x-www-form-urlencoded'
const utf8 = new TextDecoder('utf-8', { fatal: true })

function contentTypeOf(req: Request): { mediaType: string; charset: string | undefined } {
  const [mediaType = '', ...params] = (req.headers['content-type'] ?? '').split(';')
  const charset = params
    .map((param) => param.trim().toLowerCase())
    .find((param) => param.startsWith('charset='))
    ?.slice('charset='.length)
    .replaceAll('"', '')
  return { mediaType: mediaType.trim().toLowerCase(), charset }
}

function decode(raw: Buffer): string {
  try {
    return utf8.decode(raw)
  } catch {
    throw new HttpError(400, 'The body is not valid UTF-8.')
  }
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

/** Whether the request announces a body, without reading it (Node discards what is not read). */
const hasBody = (req: Request): boolean =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0

/**
 * Turns the raw bytes (read by express.raw with the size limit) into the validated body of the
 * operation. The accepted media types are the ones the document lists for it.
 */
export function readBody(operation: CompiledOperation, req: Request): unknown {
  const { body } = operation
  if (!body) {
    if (hasBody(req)) throw new HttpError(400, 'This operation takes no request body.')
    return undefined
  }
  const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
  let mediaType = FORM
  let value: unknown = Object.create(null)
  if (raw.length > 0) {
    const contentType = contentTypeOf(req)
    mediaType = contentType.mediaType
    const accepted = [...body.validators.keys()]
    if (
      !body.validators.has(mediaType) ||
      !['utf-8', 'utf8', undefined].includes(contentType.charset)
    ) {
      const sent = req.headers['content-type'] ?? 'no Content-Type'
      throw new HttpError(415, `Send ${accepted.join(' or ')} (UTF-8), not ${sent}.`)
    }
    const text = decode(raw)
    value = mediaType === FORM ? parseForm(text) : parseJson(text)
  } else if (!body.required) {
    return value
  }
  const validate = body.validators.get(mediaType)
  if (validate && !validate(value)) {
    const { detail, errors } = describeInvalidFields(toFieldErrors(validate.errors ?? []))
    throw new HttpError(422, detail, { errors })
  }
  return value
}
