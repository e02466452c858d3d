// The admin API's bodies: an operation that takes no fields takes nothing or an empty JSON object
// (what a client that always sends JSON sends); a DELETE needs no Content-Type, a POST still does.
import { describe, expect, test } from '@jest/globals'
import type { OpenAPIV3_1 } from 'openapi-types'
import type { Test } from 'supertest'
import { resolveRef } from '../../../openapi/document.ts'
import { loadAdminDocument } from '../../../openapi/document-files.ts'
import { expectProblem, useTestApp } from '../../../test-support/http.ts'

const http = useTestApp()
const HOST = 'localhost:4010'
const admin = (method: 'post' | 'delete', path: string): Test =>
  http.anon[method](path).set('Host', HOST)
const json = (req: Test): Test => req.set('Content-Type', 'application/json')

async function saveSnapshot(name: string): Promise<string> {
  const res = await json(admin('post', '/__admin/snapshots')).send({ name })
  expect(res.status).toBe(201)
  return `/__admin/snapshots/${name}`
}

async function createOrg(): Promise<string> {
  const res = await json(admin('post', '/__admin/orgs')).send({ contacts: 0 })
  expect(res.status).toBe(201)
  return `/__admin/orgs/${(res.body as { org_id: string }).org_id}`
}

async function addFault(): Promise<string> {
  const rule = { match: { operationId: 'logout' }, respond: { status: 503 }, times: 1 }
  const res = await json(admin('post', '/__admin/faults')).send(rule)
  expect(res.status).toBe(201)
  return `/__admin/faults/${(res.body as { id: string }).id}`
}

/** Each admin operation that takes no fields, and the path of a record it can act on. */
const WITHOUT_FIELDS: [
  operationId: string,
  method: 'post' | 'delete',
  arrange: () => Promise<string>,
][] = [
  ['resetData', 'post', () => Promise.resolve('/__admin/reset')],
  ['restoreSnapshot', 'post', async () => `${await saveSnapshot('restore-me')}/restore`],
  ['deleteSnapshot', 'delete', () => saveSnapshot('delete-me')],
  ['deleteOrg', 'delete', createOrg],
  ['clearFaults', 'delete', () => Promise.resolve('/__admin/faults')],
  ['deleteFault', 'delete', addFault],
]

/** The admin operations that change something and whose body has no fields (or that have none). */
function operationsWithoutFields(): string[] {
  const document = loadAdminDocument()
  return Object.values(document.paths ?? {}).flatMap((item) =>
    [item?.post, item?.delete].flatMap((operation) => {
      if (!operation?.operationId) return []
      const body =
        operation.requestBody &&
        resolveRef<OpenAPIV3_1.RequestBodyObject>(document, operation.requestBody)
      const schema = body?.content['application/json']?.schema
      const fields = schema && resolveRef<OpenAPIV3_1.SchemaObject>(document, schema).properties
      return fields === undefined ? [operation.operationId] : []
    }),
  )
}

/** Done: 204, with no body. */
const expectDone = (res: { status: number; text: string }): void => {
  expect({ status: res.status, body: res.text }).toEqual({ status: 204, body: '' })
}

describe('the admin operations without fields', () => {
  test('When the admin document is read, then the table below lists every operation without fields', () => {
    // Act
    const listed = WITHOUT_FIELDS.map(([operationId]) => operationId)

    // Assert
    expect(listed.sort()).toEqual(operationsWithoutFields().sort())
  })

  test.each(WITHOUT_FIELDS)(
    'When %s is sent an empty JSON object, then it is done as without a body',
    async (_operationId, method, arrange) => {
      // Arrange
      const path = await arrange()

      // Act
      const res = await json(admin(method, path)).send('{}')

      // Assert
      expectDone(res)
    },
  )

  test.each(WITHOUT_FIELDS.filter(([, method]) => method === 'delete'))(
    'When %s is sent without a body and without a Content-Type, then it is done',
    async (_operationId, method, arrange) => {
      // Arrange
      const path = await arrange()

      // Act: no body, no Content-Type
      const res = await admin(method, path)

      // Assert
      expectDone(res)
    },
  )
})

describe('the admin bodies that stay refused', () => {
  test('When a DELETE carries a field, then it is 422 naming it and nothing is deleted', async () => {
    // Arrange
    const path = await addFault()

    // Act
    const res = await json(admin('delete', path)).send({ all: true })

    // Assert
    expectProblem(res, 422, ['all'])
    expect((await admin('delete', path)).status).toBe(204)
  })

  test('When a DELETE carries a body that is not JSON, then it is 415 and nothing is deleted', async () => {
    // Arrange
    const path = await addFault()

    // Act
    const res = await admin('delete', path).set('Content-Type', 'text/plain').send('{}')

    // Assert
    expectProblem(res, 415)
    expect((await admin('delete', path)).status).toBe(204)
  })

  test('When a restore is POSTed without a Content-Type, then it is still 415 (a cross-site form could send it)', async () => {
    // Arrange
    const path = `${await saveSnapshot('unprotected')}/restore`

    // Act
    const res = await admin('post', path)

    // Assert
    expect(expectProblem(res, 415).detail).toContain("-H 'Content-Type: application/json'")
  })

  test('When another site sends a DELETE, then it is 403 and nothing is deleted', async () => {
    // Arrange
    const path = await addFault()

    // Act
    const res = await admin('delete', path).set('Origin', 'http://evil.example')

    // Assert
    expectProblem(res, 403)
    expect((await admin('delete', path)).status).toBe(204)
  })
})
