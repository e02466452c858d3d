import { afterEach, describe, expect, test } from '@jest/globals'
import request from 'supertest'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import { loadDocument } from '../../../openapi/document-files.ts'
import type { Handler, OperationId } from '../../handlers/operation.ts'
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts'

let testApp: TestApp | undefined
afterEach(async () => {
  await testApp?.close()
})

const LIST = `/api/v1/orgs/${ACME_ORG_ID}/contacts`

/**
 * A handler answering what the document does not allow: its type would refuse the reply, which is
 * what these tests check the mock refuses at run time too.
 */
const answer = <Id extends OperationId>(reply: { status: number; body?: unknown }): Handler<Id> =>
  (() => Promise.resolve(reply)) as unknown as Handler<Id>

describe('reply check (validateResponses)', () => {
  test('When a handler answers a field the document does not have, then a 500 names it', async () => {
    // Arrange
    testApp = await createTestApp({
      handlers: {
        listContacts: answer({ status: 200, body: { contacts: [], count: 0, first: 0, total: 9 } }),
      },
    })

    // Act
    const res = await request(testApp.app).get(LIST).set('Authorization', `Bearer ${ALICE.token}`)

    // Assert
    expect(res.status).toBe(500)
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/)
    expect((res.body as { detail: string }).detail).toContain(
      "must NOT have additional properties: 'total'",
    )
  })

  test('When a handler answers a status the operation does not document, then a 500 names it', async () => {
    // Arrange
    testApp = await createTestApp({ handlers: { listContacts: answer({ status: 202 }) } })

    // Act
    const res = await request(testApp.app).get(LIST).set('Authorization', `Bearer ${ALICE.token}`)

    // Assert
    expect(res.status).toBe(500)
    expect((res.body as { detail: string }).detail).toContain('status 202 is not documented')
  })

  test('When a 201 lacks the documented Location header, then a 500 names it', async () => {
    // Arrange: a body the document allows, without the header
    const example = loadDocument().components?.examples?.['Contact'] as { value: unknown }
    testApp = await createTestApp({
      handlers: { createContact: answer({ status: 201, body: example.value }) },
    })

    // Act
    const res = await request(testApp.app)
      .post(LIST)
      .set('Authorization', `Bearer ${ALICE.token}`)
      .type('form')
      .send('contact[first_name]=Ann&contact[relationship_type]=1')

    // Assert
    expect(res.status).toBe(500)
    expect((res.body as { detail: string }).detail).toContain(
      'the documented header Location is missing',
    )
  })
})
