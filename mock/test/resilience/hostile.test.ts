import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import request from 'supertest'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import type { Data } from '../../shared/data.ts'
import { SnapshotFile } from '../../store/memory/disk/snapshot-file.ts'
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts'
import {
  HOSTILE_REQUESTS,
  type HostileRequest,
} from '../../../test-support/resilience/hostile-requests.ts'
import { expectClientProblem } from '../../../test-support/resilience/problem-assertions.ts'

let testApp: TestApp
let before: string

beforeAll(async () => {
  testApp = await createTestApp()
  before = JSON.stringify(await testApp.engine.exportData())
})
afterAll(async () => {
  await testApp.close()
})

function send(hostile: HostileRequest): request.Test {
  let req = request(testApp.app)[hostile.method](hostile.path)
  req = req.set('Authorization', hostile.authorization ?? `Bearer ${ALICE.token}`)
  for (const [name, value] of Object.entries(hostile.headers ?? {})) req = req.set(name, value)
  // superagent would JSON-encode a Buffer sent as application/json: send its bytes as they are
  if (Buffer.isBuffer(hostile.body)) req = req.serialize(() => hostile.body as unknown as string)
  return hostile.body === undefined ? req : req.send(hostile.body)
}

describe('hostile input', () => {
  test.each(HOSTILE_REQUESTS.map((hostile) => [hostile.label, hostile] as const))(
    'When %s, then the answer is a 4xx problem+json that leaks nothing',
    async (_label, hostile) => {
      // Act
      const res = await send(hostile)

      // Assert
      const body = expectClientProblem(res, hostile.label)
      if (hostile.status !== undefined) expect(res.status).toBe(hostile.status)
      if (hostile.field !== undefined) {
        expect(body.errors?.map((error) => error.field)).toContain(hostile.field)
      }
    },
  )

  test('When all hostile requests are done, then no prototype was polluted', () => {
    // Assert
    const probe: Record<string, unknown> = {}
    expect(probe['polluted']).toBeUndefined()
    expect(probe['x']).toBeUndefined()
    expect(Object.keys(Object.prototype)).toEqual([])
  })

  test('When all hostile requests are done, then the data and the data file are as before', async () => {
    // Arrange

    // Assert
    expect(JSON.stringify(await testApp.engine.exportData())).toBe(before)
    const { contacts, user_relationships } = JSON.parse(before) as Data
    expect(await new SnapshotFile(testApp.file).read()).toMatchObject({
      contacts,
      user_relationships,
    })
    expect(readFileSync(`${testApp.file}.journal`, 'utf8')).toBe('')
  })
})

describe('hostile input at the org', () => {
  test('When the org id is __proto__, then it is a 403 like any org the user is not in', async () => {
    // Act
    const res = await request(testApp.app)
      .get('/api/v1/orgs/__proto__/contacts')
      .set('Authorization', `Bearer ${ALICE.token}`)

    // Assert
    expectClientProblem(res, 'org __proto__')
    expect(res.status).toBe(403)
    expect(ACME_ORG_ID).not.toBe('__proto__')
  })
})

// A PATCH copies the sent fields onto the record with Object.assign, which would run the
// __proto__ setter: the document's check must stop these before the handler sees them.
describe('hostile input in a PATCH of a real contact', () => {
  test.each([
    ['a form', 'application/x-www-form-urlencoded', 'contact[__proto__][first_name]=X'],
    ['a JSON body', 'application/json', '{"contact":{"__proto__":{"first_name":"X"}}}'],
  ])(
    'When %s carries contact.__proto__, then it is a 422 and the contact is unchanged',
    async (_kind, type, body) => {
      // Arrange
      const isAcme = (row: { org_id: string }): boolean => row.org_id === ACME_ORG_ID
      const contact = (await testApp.engine.exportData()).contacts.find(isAcme)
      if (!contact) throw new Error('the test data holds no contact of Acme')
      const path = `/api/v1/orgs/${contact.org_id}/contacts/${contact.id}`

      // Act
      const res = await request(testApp.app)
        .patch(path)
        .set('Authorization', `Bearer ${ALICE.token}`)
        .set('Content-Type', type)
        .send(body)

      // Assert
      const problem = expectClientProblem(res, 'PATCH with __proto__')
      expect(res.status).toBe(422)
      // a form's field is named as sent (contact[__proto__][first_name]), JSON's by its nesting
      expect(problem.errors?.map((error) => error.field.replace(/\]\[.*$/, ']'))).toContain(
        'contact[__proto__]',
      )
      const after = (await testApp.engine.exportData()).contacts.find(isAcme)
      expect(after).toEqual(contact)
      expect(Object.getPrototypeOf(after)).toBe(Object.prototype)
    },
  )
})
