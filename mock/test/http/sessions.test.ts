// Login, logout and token expiry (decision 22); in-process, for the clock.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import request from 'supertest'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts'

const TTL_MS = 15 * 60_000
let testApp: TestApp
let clock = Date.parse('2030-01-01T00:00:00.000Z')
const contacts = `/api/v1/orgs/${ACME_ORG_ID}/contacts?limit=1`

beforeAll(async () => {
  testApp = await createTestApp({ now: () => new Date(clock) }, { tokenTtlMs: TTL_MS })
})
afterAll(async () => {
  await testApp.close()
})

const login = (email: string, password: string) =>
  request(testApp.app)
    .post('/api/v1/login')
    .type('form')
    .send({ 'user[email]': email, 'user[password]': password })
const withToken = (token: string) =>
  request(testApp.app).get(contacts).set('Authorization', `Bearer ${token}`)

describe('POST /api/v1/login', () => {
  test('When Alice logs in with a form, then the token works and expires after the TTL', async () => {
    // Act
    const res = await login(ALICE.email, ALICE.password)
    const token = (res.body as { token: string }).token

    // Assert
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      token_type: 'Bearer',
      expires_at: new Date(clock + TTL_MS).toISOString(),
      user: { id: ALICE.id, name: ALICE.name, email: ALICE.email },
    })
    expect((await withToken(token)).status).toBe(200)
    clock += TTL_MS
    const expired = await withToken(token)
    expect(expired.status).toBe(401)
    expect(expired.headers['www-authenticate']).toBe('Bearer error="invalid_token"')
  })

  test('When the password is wrong or the email unknown, then both are the same 401', async () => {
    // Act
    const wrongPassword = await login(ALICE.email, 'guess')
    const unknownEmail = await login('nobody@acme.test', ALICE.password)

    // Assert
    expect(wrongPassword.status).toBe(401)
    expect(unknownEmail.status).toBe(401)
    expect(unknownEmail.body).toEqual(wrongPassword.body)
  })

  test('When the login is JSON with an upper-case email, then it works', async () => {
    // Act
    const res = await request(testApp.app)
      .post('/api/v1/login')
      .send({ user: { email: ALICE.email.toUpperCase(), password: ALICE.password } })

    // Assert
    expect(res.status).toBe(200)
  })

  test('When the password is missing, then it is a 422 naming it', async () => {
    // Act
    const res = await request(testApp.app)
      .post('/api/v1/login')
      .send({ user: { email: ALICE.email } })

    // Assert
    expect(res.status).toBe(422)
    expect((res.body as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual([
      'user[password]',
    ])
  })
})

describe('DELETE /api/v1/logout', () => {
  test('When a login token logs out, then it is 204 and the token is a 401 from then on', async () => {
    // Arrange
    const token = ((await login(ALICE.email, ALICE.password)).body as { token: string }).token

    // Act
    const res = await request(testApp.app)
      .delete('/api/v1/logout')
      .set('Authorization', `Bearer ${token}`)

    // Assert
    expect(res.status).toBe(204)
    const after = await withToken(token)
    expect(after.status).toBe(401)
    expect(after.headers['www-authenticate']).toBe('Bearer error="invalid_token"')
    expect((await withToken(ALICE.token)).status).toBe(200)
  })

  test("When a fixture's API token logs out, then it is 204 and the token keeps working", async () => {
    // Act
    const res = await request(testApp.app)
      .delete('/api/v1/logout')
      .set('Authorization', `Bearer ${ALICE.token}`)

    // Assert: decision 22, a long-lived API token is not revoked by a logout
    expect(res.status).toBe(204)
    expect((await withToken(ALICE.token)).status).toBe(200)
  })

  test('When logout is called without a token, then it is a 401', async () => {
    // Act
    const res = await request(testApp.app).delete('/api/v1/logout')

    // Assert
    expect(res.status).toBe(401)
  })
})
