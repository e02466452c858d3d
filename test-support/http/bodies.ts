// Request bodies as test tables write them, and the request that carries one.
import type { Test } from 'supertest'

/** A request body: a form (urlencoded text), a JSON value, or raw text sent with a Content-Type. */
export type Payload = { form: string } | { json: object } | { raw: string; type: string }

/** The request with `payload` as its body (none when `payload` is undefined). */
export function withBody(req: Test, payload?: Payload): Test {
  if (payload === undefined) return req
  if ('form' in payload) return req.type('form').send(payload.form)
  if ('json' in payload) return req.send(payload.json)
  return req.set('Content-Type', payload.type).send(payload.raw)
}

const BOUNDARY = '22e1bec4f0a6dcaab4cdb5abe5dae620'

/**
 * A multipart body as testers build it from the document (Schemathesis 4.25, Specmatic 2.55): one
 * `text/plain` part per entry, named as the entry is.
 */
export const multipartParts = (fields: Record<string, unknown> | [string, unknown][]): Payload => ({
  type: `multipart/form-data; boundary=${BOUNDARY}`,
  raw: [
    ...(Array.isArray(fields) ? fields : Object.entries(fields)).flatMap(([name, value]) => [
      `--${BOUNDARY}`,
      `Content-Disposition: form-data; name="${name}"`,
      'Content-Type: text/plain',
      '',
      String(value),
    ]),
    `--${BOUNDARY}--`,
    '',
  ].join('\r\n'),
})
