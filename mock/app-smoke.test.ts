import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import request from 'supertest'
import { ACME_ORG_ID, ALICE } from '../fixtures/identities.ts'
import { createTestApp, type TestApp } from './test-app.ts'

let testApp: TestApp
beforeAll(async () => {
  testApp = await createTestApp()
})
afterAll(async () => {
  await testApp.close()
})

describe('GET /api/v1/orgs/{org_id}/contacts', () => {
  test('When Alice lists Acme contacts, then she gets the first page of active contacts', async () => {
    // Act
    const res = await request(testApp.app)
      .get(`/api/v1/orgs/${ACME_ORG_ID}/contacts`)
      .set('Authorization', `Bearer ${ALICE.token}`)

    // Assert
    expect(res.status).toBe(200)
    const body = res.body as { contacts: { deleted_at: unknown }[]; count: number; first: number }
    expect(body.contacts).toHaveLength(20)
    expect(body.first).toBe(1)
    expect(body.contacts.every((contact) => contact.deleted_at === null)).toBe(true)
  })
})
