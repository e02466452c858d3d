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
