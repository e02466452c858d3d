// The document's examples as Specmatic 2.55 pairs them: a response example and the request
// examples of the same name (path and query parameters, a body in each media type) make one
// exchange; a DELETE answers its 204 to each request example no response names. Each exchange is
// sent to the mock on fresh bundled fixtures and must get the response it is paired with.
import { describe, expect, test } from '@jest/globals'
import type { OpenAPIV3_1 } from 'openapi-types'
import type { Test } from 'supertest'
import { resolveRef } from '../../../openapi/document.ts'
import { loadDocument } from '../../../openapi/document-files.ts'
import { multipartParts, useTestApp, withBody, type Payload } from '../../../test-support/http.ts'

const http = useTestApp()
const document = loadDocument()

type Method = 'get' | 'post' | 'patch' | 'delete'
const METHODS: readonly Method[] = ['get', 'post', 'patch', 'delete']
/** What the server gives a record it writes, which an example can only show one value of. */
const WRITTEN: Record<string, readonly string[]> = {
  post: ['id', 'created_at', 'updated_at', 'token', 'expires_at'],
  patch: ['updated_at'],
}

interface Exchange {
  operationId: string | undefined
  name: string
  method: Method
  path: string
  query: [string, string][]
  body: Payload | undefined
  bodyType: string
  status: number
  expected: unknown
}

const valueOf = (example: unknown): unknown =>
  resolveRef(document, example as OpenAPIV3_1.ExampleObject).value as unknown

/** The named examples of a parameter, of a media type's body, or of a response. */
const named = (holder: { examples?: Record<string, unknown> } | undefined): Map<string, unknown> =>
  new Map(Object.entries(holder?.examples ?? {}).map(([name, item]) => [name, valueOf(item)]))

function payloadOf(type: string, value: unknown): Payload {
  if (type === 'application/json') return { json: value as object }
  const fields = Object.entries(value as Record<string, unknown>)
  if (type === 'multipart/form-data') return multipartParts(fields)
  return {
    form: new URLSearchParams(fields.map(([k, v]): [string, string] => [k, String(v)])).toString(),
  }
}

/** Every exchange the document's examples pair, operation by operation. */
function exchangesOf(): Exchange[] {
  const exchanges: Exchange[] = []
  for (const [template, pathItem] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = pathItem?.[method]
      if (!operation) continue
      const parameters = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map(
        (item) => resolveRef<OpenAPIV3_1.ParameterObject>(document, item),
      )
      const bodies = Object.entries(
        operation.requestBody
          ? resolveRef<OpenAPIV3_1.RequestBodyObject>(document, operation.requestBody).content
          : {},
      ).map(([type, media]) => ({ type, examples: named(media) }))
      const requestNames = new Set([
        ...parameters.flatMap((parameter) => [...named(parameter).keys()]),
        ...bodies.flatMap((body) => [...body.examples.keys()]),
      ])
      const requests = (name: string): Omit<Exchange, 'status' | 'expected'>[] => {
        const values = new Map(
          parameters.flatMap((p) => (named(p).has(name) ? [[p, named(p).get(name)]] : [])),
        )
        let path = template
        const query: [string, string][] = []
        for (const [parameter, value] of values) {
          if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, String(value))
          else for (const item of [value].flat()) query.push([parameter.name, String(item)])
        }
        const withBodies = bodies.filter((body) => body.examples.has(name))
        const base = { operationId: operation.operationId, name, method, path, query }
        return withBodies.length === 0
          ? [{ ...base, body: undefined, bodyType: 'no body' }]
          : withBodies.map((body) => ({
              ...base,
              body: payloadOf(body.type, body.examples.get(name)),
              bodyType: body.type,
            }))
      }
      const responseNames = new Set<string>()
      let noBodyStatus: number | undefined
      for (const [status, item] of Object.entries(operation.responses)) {
        const response = resolveRef<OpenAPIV3_1.ResponseObject>(document, item)
        if (!response.content && noBodyStatus === undefined) noBodyStatus = Number(status)
        for (const media of Object.values(response.content ?? {})) {
          for (const [name, expected] of named(media)) {
            responseNames.add(name)
            // an operation without parameters or a body has one request, paired with its 2xx
            const paired =
              requestNames.has(name) || (requestNames.size === 0 && status.startsWith('2'))
            if (!paired) continue
            for (const request of requests(name))
              exchanges.push({ ...request, status: Number(status), expected })
          }
        }
      }
      if (noBodyStatus === undefined) continue
      for (const name of requestNames) {
        if (responseNames.has(name)) continue
        for (const request of requests(name))
          exchanges.push({ ...request, status: noBodyStatus, expected: undefined })
      }
    }
  }
  return exchanges
}

/** What of the answer the example says: the whole record but what the server writes; a problem's kind. */
function comparable(exchange: Exchange, body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return body
  const record = body as Record<string, unknown>
  if (exchange.status >= 400)
    return { type: record['type'], title: record['title'], status: record['status'] }
  const written = WRITTEN[exchange.method] ?? []
  return Object.fromEntries(Object.entries(record).filter(([key]) => !written.includes(key)))
}

const send = (exchange: Exchange): Test => {
  const query = new URLSearchParams(exchange.query).toString()
  const url = `${exchange.path}${query === '' ? '' : `?${query}`}`
  return withBody(http[exchange.method](url), exchange.body)
}

const exchanges = exchangesOf()

describe('the examples of openapi/openapi.yaml, paired by name', () => {
  test('When the examples are paired, then every operation but the logout has a success exchange of its own', () => {
    // Act
    const paired = new Set(exchanges.filter((e) => e.status < 300).map((e) => e.operationId))

    // Assert: the logout has no parameter nor body; Specmatic sends it as it is
    expect([...paired].sort()).toEqual([
      'createContact',
      'createUserRelationship',
      'deleteContact',
      'deleteUserRelationship',
      'getContact',
      'getUserRelationship',
      'listContacts',
      'listRelationshipTypes',
      'listUserRelationships',
      'login',
      'updateContact',
      'updateUserRelationship',
    ])
  })

  test.each(
    exchanges.map(
      (e) =>
        [
          `${e.method.toUpperCase()} ${e.path} (${e.name}, ${e.bodyType}) → ${String(e.status)}`,
          e,
        ] as const,
    ),
  )(
    'When %s is sent on fresh fixtures, then the mock answers its paired example',
    async (_label, exchange) => {
      // Arrange
      const reset = await http.anon.post('/__admin/reset').set('Content-Type', 'application/json')
      expect(reset.status).toBe(204)

      // Act
      const res = await send(exchange)

      // Assert
      expect(res.status).toBe(exchange.status)
      if (exchange.expected !== undefined) {
        expect(comparable(exchange, res.body)).toEqual(comparable(exchange, exchange.expected))
      }
    },
  )
})
