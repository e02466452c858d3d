import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { Writable } from 'node:stream'
import pino from 'pino'
import request from 'supertest'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts'

const lines: string[] = []
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean))
    done()
  },
})

let testApp: TestApp
beforeAll(async () => {
  testApp = await createTestApp({ logger: pino({ base: undefined }, sink) })
})
afterAll(async () => {
  await testApp.close()
})

describe('request log', () => {
  test('When the API, a page and an unknown path are asked, then each gets one line without its token', async () => {
    // Arrange
    const contacts = `/api/v1/orgs/${ACME_ORG_ID}/contacts?limit=1`
    lines.length = 0

    // Act
    await request(testApp.app).get(contacts).set('Authorization', `Bearer ${ALICE.token}`)
    await request(testApp.app).get(contacts)
    await request(testApp.app).get('/')
    await request(testApp.app).get('/nowhere')
    await new Promise((resolve) => setImmediate(resolve))

    // Assert
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(logged.map(({ method, url, status }) => ({ method, url, status }))).toEqual([
      { method: 'GET', url: contacts, status: 200 },
      { method: 'GET', url: contacts, status: 401 },
      { method: 'GET', url: '/', status: 200 },
      { method: 'GET', url: '/nowhere', status: 404 },
    ])
    expect(logged.every((line) => typeof line['ms'] === 'number')).toBe(true)
    expect(lines.join('\n')).not.toContain(ALICE.token)
  })
})
