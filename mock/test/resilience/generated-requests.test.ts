import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import request from 'supertest'
import { maxLengthsOf, resolveRef } from '../../../openapi/document.ts'
import { loadDocument } from '../../../openapi/document-files.ts'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts'
import { expectClientProblem } from '../../../test-support/resilience/problem-assertions.ts'
import { validObject } from '../../../test-support/resilience/schema-arbitraries.ts'

const document = loadDocument()
const CONTACTS = `/api/v1/orgs/${ACME_ORG_ID}/contacts`
interface ObjectSchema {
  properties: Record<string, unknown>
}
const writeFields = resolveRef<ObjectSchema>(document, {
  $ref: '#/components/schemas/ContactWriteFields',
})
// the required fields sit in a member of ContactCreate's allOf, where every generator reads them
const createSchema = resolveRef<{ allOf: { required?: string[] }[] }>(document, {
  $ref: '#/components/schemas/ContactCreate',
})
const required = createSchema.allOf.flatMap((member) => member.required ?? [])
const fieldNames = Object.keys(writeFields.properties)
const limits = new Map(maxLengthsOf(document, 'ContactWriteFields'))
const limited = [...limits.keys()]

const validContact = validObject(
  document,
  { $ref: '#/components/schemas/ContactWriteFields' },
  required,
)

type Mutation = [kind: string, field: string, apply: (fields: Record<string, unknown>) => void]
// defineProperty, because `fields['__proto__'] = 'x'` would not make an own field (fast-check finds such names)
const setOwn = (fields: Record<string, unknown>, name: string, value: unknown): void => {
  Object.defineProperty(fields, name, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  })
}
const mutations: fc.Arbitrary<Mutation> = fc.oneof(
  fc
    .constantFrom(...required)
    .map((field): Mutation => ['missing', field, (f) => Reflect.deleteProperty(f, field)]),
  fc
    .string({ minLength: 1, maxLength: 12 })
    .filter((name) => /^[a-z_]+$/.test(name) && !fieldNames.includes(name))
    .map((field): Mutation => [
      'unknown',
      field,
      (f) => {
        setOwn(f, field, 'x')
      },
    ]),
  fc
    .tuple(fc.constantFrom(...fieldNames), fc.constantFrom<unknown>(['a', 'b'], { nested: 'x' }))
    .map(([field, value]): Mutation => [
      'wrong shape',
      field,
      (f) => {
        setOwn(f, field, value)
      },
    ]),
  fc.constantFrom(...limited).map((field): Mutation => {
    const max = limits.get(field) ?? 0
    return [
      'too long',
      field,
      (f) => {
        setOwn(f, field, 'x'.repeat(max + 1))
      },
    ]
  }),
  fc.constantFrom('-1', '6', '2.5', 'abc', '').map((value): Mutation => [
    'bad relationship_type',
    'relationship_type',
    (f) => {
      setOwn(f, 'relationship_type', value)
    },
  ]),
  fc.constantFrom('2023-02-30', '1990-13-01', '17/05/1990', 'yesterday').map((value): Mutation => [
    'bad birthday',
    'birthday',
    (f) => {
      setOwn(f, 'birthday', value)
    },
  ]),
)

/** The document's form encoding: deepObject, arrays as `name[]`. */
function encodeForm(fields: Record<string, unknown>): string {
  const pairs: string[] = []
  const add = (name: string, value: unknown): void => {
    if (Array.isArray(value)) for (const item of value) add(`${name}[]`, item)
    else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) add(`${name}[${key}]`, inner)
    } else
      pairs.push(
        `${encodeURIComponent(name)}=${encodeURIComponent(typeof value === 'string' ? value : value === null ? '' : JSON.stringify(value))}`,
      )
  }
  for (const [name, value] of Object.entries(fields)) add(`contact[${name}]`, value)
  return pairs.join('&')
}

let testApp: TestApp
beforeAll(async () => {
  testApp = await createTestApp()
})
afterAll(async () => {
  await testApp.close()
})

describe('requests generated from the document', () => {
  test('When a contact is generated from ContactWriteFields, then the mock accepts it (form and JSON)', async () => {
    await fc.assert(
      fc.asyncProperty(validContact, fc.boolean(), async (fields, asJson) => {
        // Act
        const req = request(testApp.app)
          .post(CONTACTS)
          .set('Authorization', `Bearer ${ALICE.token}`)
        const res = asJson
          ? await req.send({ contact: fields })
          : await req.type('form').send(encodeForm(fields))

        // Assert
        expect({ status: res.status, body: res.text.slice(0, 400) }).toMatchObject({ status: 201 })
      }),
      { numRuns: 60 },
    )
  })

  test('When a generated contact is broken in one field, then it is a 422 naming that field and nothing is stored', async () => {
    await fc.assert(
      fc.asyncProperty(validContact, mutations, fc.boolean(), async (fields, mutation, asJson) => {
        // Arrange
        const [kind, field, apply] = mutation
        const broken = { ...fields }
        apply(broken)
        const before = (await testApp.engine.exportData()).contacts.length

        // Act
        const req = request(testApp.app)
          .post(CONTACTS)
          .set('Authorization', `Bearer ${ALICE.token}`)
        const res = asJson
          ? await req.send({ contact: broken })
          : await req.type('form').send(encodeForm(broken))

        // Assert
        const body = expectClientProblem(res, `${kind} ${field} (${asJson ? 'JSON' : 'form'})`)
        expect(res.status).toBe(422)
        // a form's field is named as sent: `contact[middle_name][]`, `contact[birthday][nested]`
        expect(body.errors?.map((error) => /^contact\[[^\]]*\]/.exec(error.field)?.[0])).toContain(
          `contact[${field}]`,
        )
        expect((await testApp.engine.exportData()).contacts.length).toBe(before)
      }),
      { numRuns: 200 },
    )
  })
})
