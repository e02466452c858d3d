// The fault rules' admin API, validated by openapi/admin.yaml (in-process; the faults themselves are
// tested over a real port in faults.test.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, test } from '@jest/globals'
import request from 'supertest'
import { launchMock } from '../../../test-support/spawn-mock.ts'
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts'

let testApp: TestApp
beforeAll(async () => {
  testApp = await createTestApp()
})
afterEach(async () => {
  await request(testApp.app).delete('/__admin/faults').set('Content-Type', 'application/json')
})
afterAll(async () => {
  await testApp.close()
})

const post = (rule: unknown) =>
  request(testApp.app)
    .post('/__admin/faults')
    .set('Content-Type', 'application/json')
    .send(JSON.stringify(rule))

describe('POST /__admin/faults', () => {
  test('When a rule is added, then it is 201 with its id and Location, and listed with no hits', async () => {
    // Act
    const res = await post({
      match: { operationId: 'createContact' },
      respond: { status: 503 },
      delay_ms: [200, 800],
      probability: 0.5,
      times: 3,
    })
    const list = await request(testApp.app).get('/__admin/faults')

    // Assert
    expect(res.status).toBe(201)
    expect(res.headers['location']).toBe(`/__admin/faults/${(res.body as { id: string }).id}`)
    expect(list.body).toEqual({ rules: [{ ...(res.body as object), hits: 0 }] })
    expect(res.body).toMatchObject({ when: 'before', probability: 0.5, times: 3, hits: 0 })
  })

  test.each<[string, string, unknown]>([
    ['an unknown key', 'colour', { colour: 'red' }],
    ['a status outside 400..599', 'respond[status]', { respond: { status: 200 } }],
    ['an unknown network fault', 'respond[network]', { respond: { network: 'flaky' } }],
    ['a probability above 1', 'probability', { probability: 1.5 }],
    ['a method without a path', 'match[path]', { match: { method: 'GET' } }],
    ['a delay over 60 s', 'delay_ms', { delay_ms: 60001 }],
    ['an unknown operation', 'match[operationId]', { match: { operationId: 'launchRocket' } }],
    ['a path not in the document', 'match[path]', { match: { method: 'GET', path: '/api/v2/x' } }],
    [
      'a status the operation does not declare',
      'respond[status]',
      { match: { operationId: 'listContacts' }, respond: { status: 409 } },
    ],
    ['a delay range the wrong way round', 'delay_ms', { delay_ms: [800, 200] }],
  ])(
    'When the rule has %s, then it is a 422 naming %s and no rule is added',
    async (_what, field, rule) => {
      // Act
      const res = await post(rule)
      const list = await request(testApp.app).get('/__admin/faults')

      // Assert
      expect(res.status).toBe(422)
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/)
      expect(
        (res.body as { errors: { field: string }[] }).errors.map((error) => error.field),
      ).toContain(field)
      expect(list.body).toEqual({ rules: [] })
    },
  )
})

describe('DELETE /__admin/faults', () => {
  test('When one rule is removed, then only it is gone; an unknown one is a 404', async () => {
    // Arrange
    const kept = (await post({ respond: { status: 500 } })).body as { id: string }
    const removed = (await post({ respond: { status: 503 } })).body as { id: string }

    // Act
    const remove = await request(testApp.app)
      .delete(`/__admin/faults/${removed.id}`)
      .set('Content-Type', 'application/json')
    const again = await request(testApp.app)
      .delete(`/__admin/faults/${removed.id}`)
      .set('Content-Type', 'application/json')
    const list = await request(testApp.app).get('/__admin/faults')

    // Assert
    expect([remove.status, again.status]).toEqual([204, 404])
    expect((list.body as { rules: { id: string }[] }).rules.map((rule) => rule.id)).toEqual([
      kept.id,
    ])
  })
})

describe('--faults FILE', () => {
  const dir = mkdtempSync(join(tmpdir(), 'faults-file-'))
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true })
  })

  test('When the file has a bad rule, then the start is refused naming the rule and the field', async () => {
    // Arrange
    const file = join(dir, 'faults.json')
    writeFileSync(
      file,
      JSON.stringify([{ respond: { status: 503 } }, { match: { operationId: 'nope' } }]),
    )

    // Act
    const mock = launchMock(['--port', '0', '--db', join(dir, 'db.json'), '--faults', file])
    const code = await mock.exited

    // Assert
    expect(code).toBe(1)
    expect(mock.output()).toContain(
      'rule 2: match[operationId] is not an operation of openapi.yaml (nope)',
    )
  })
})
