import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import express from 'express'
import request from 'supertest'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts'

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

describe('createApp in an Express app of your own', () => {
  test('When it is mounted below /mock, then its API answers there and a problem names the path sent', async () => {
    // Arrange
    const outer = express()
    outer.use('/mock', testApp.app)
    const missing = `/mock/api/v1/orgs/${ACME_ORG_ID}/contacts/00000000-0000-4000-8000-000000000000`

    // Act
    const listed = await request(outer)
      .get(`/mock/api/v1/orgs/${ACME_ORG_ID}/contacts?limit=2`)
      .set('Authorization', `Bearer ${ALICE.token}`)
    const notFound = await request(outer).get(missing).set('Authorization', `Bearer ${ALICE.token}`)

    // Assert
    expect(listed.status).toBe(200)
    expect((listed.body as { contacts: unknown[] }).contacts).toHaveLength(2)
    expect(notFound.status).toBe(404)
    expect(notFound.body).toMatchObject({ status: 404, instance: missing })
  })
})
