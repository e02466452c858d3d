// Contact field validation (422), and that a rejected write changes nothing.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from '@jest/globals'
import request from 'supertest'
import { ALICE } from '../fixtures/identities.ts'
import {
  bearer,
  bodyOf,
  contactPath,
  contactsPath,
  createContact,
  expectProblem,
  messageOf,
  tickingClock,
  type Contact,
  type ContactList,
} from './http-test-support.ts'
import { createTestApp, type TestApp } from './test-app.ts'

let testApp: TestApp
beforeAll(async () => {
  testApp = await createTestApp({ now: tickingClock() })
})
afterAll(async () => {
  await testApp.close()
})

const countAll = async (): Promise<number> => {
  const res = await request(testApp.app)
    .get(`${contactsPath()}?include[]=deleted&limit=1`)
    .set('Authorization', bearer(ALICE))
  expect(res.status).toBe(200)
  return bodyOf<ContactList>(res).count
}

const postForm = (form: string) =>
  request(testApp.app)
    .post(contactsPath())
    .set('Authorization', bearer(ALICE))
    .type('form')
    .send(form)

const postJson = (contact: Record<string, unknown>) =>
  request(testApp.app).post(contactsPath()).set('Authorization', bearer(ALICE)).send({ contact })

const REQUIRED = 'contact[first_name]=Ann&contact[relationship_type]=1'

/** Every create in these tests is checked for "a failed write changes nothing" by the count. */
describe('Create validation (a rejected create adds nothing)', () => {
  let countBefore: number
  let expectRejected: boolean
  beforeEach(async () => {
    countBefore = await countAll()
    expectRejected = true
  })
  afterEach(async () => {
    if (expectRejected) expect(await countAll()).toBe(countBefore)
  })

  describe('relationship_type', () => {
    test.each(['3.5', '-1', '6', 'abc', '', '3,0', 'three'])(
      'When contact[relationship_type]=%s comes in a form, then it is 422 naming contact[relationship_type]',
      async (value) => {
        // Act
        const res = await postForm(
          `contact[first_name]=Ann&contact[relationship_type]=${encodeURIComponent(value)}`,
        )

        // Assert
        expectProblem(res, 422, ['contact[relationship_type]'])
      },
    )

    test.each([['3'], [3.5], [-1], [6], [null], [true], [[3]]])(
      'When JSON relationship_type is %j, then it is 422 naming contact[relationship_type]',
      async (value) => {
        // Act
        const res = await postJson({ first_name: 'Ann', relationship_type: value })

        // Assert
        expectProblem(res, 422, ['contact[relationship_type]'])
      },
    )

    test.each([
      ['0', 0],
      ['5', 5],
    ])(
      'When contact[relationship_type]=%s (a bound) comes in a form, then it is 201 with %d',
      async (text, value) => {
        // Arrange
        expectRejected = false

        // Act
        const res = await postForm(`contact[first_name]=Ann&contact[relationship_type]=${text}`)

        // Assert
        expect(res.status).toBe(201)
        expect(bodyOf<Contact>(res).relationship_type).toBe(value)
      },
    )

    test('When relationship_type is missing, then it is 422 "is required"', async () => {
      // Act
      const res = await postForm('contact[first_name]=Ann')

      // Assert
      const problem = expectProblem(res, 422, ['contact[relationship_type]'])
      expect(messageOf(problem, 'contact[relationship_type]')).toBe('is required')
      expect(problem.detail).toBe('1 field is invalid; nothing was changed.')
    })
  })

  describe('first_name', () => {
    test.each([
      ['missing (form)', 'contact[relationship_type]=1'],
      ['empty (form)', 'contact[first_name]=&contact[relationship_type]=1'],
      ['spaces only (form)', 'contact[first_name]=+++&contact[relationship_type]=1'],
      ['a tab and a newline (form)', 'contact[first_name]=%09%0A&contact[relationship_type]=1'],
    ])('When first_name is %s, then it is 422 naming contact[first_name]', async (_l, form) => {
      // Act
      const res = await postForm(form)

      // Assert
      expectProblem(res, 422, ['contact[first_name]'])
    })

    test.each([
      ['missing', { relationship_type: 1 }],
      ['empty', { first_name: '', relationship_type: 1 }],
      ['whitespace', { first_name: ' \t ', relationship_type: 1 }],
      ['null', { first_name: null, relationship_type: 1 }],
      ['a number', { first_name: 42, relationship_type: 1 }],
    ])(
      'When JSON first_name is %s, then it is 422 naming contact[first_name]',
      async (_l, contact) => {
        // Act
        const res = await postJson(contact)

        // Assert
        expectProblem(res, 422, ['contact[first_name]'])
      },
    )

    test('When both required fields are missing, then both are named', async () => {
      // Act
      const res = await postJson({ nickname: 'Nobody' })

      // Assert
      const problem = expectProblem(res, 422, ['contact[first_name]', 'contact[relationship_type]'])
      expect(messageOf(problem, 'contact[first_name]')).toBe('is required')
      expect(problem.detail).toBe('2 fields are invalid; nothing was changed.')
    })

    test('When the contact object itself is missing, then it is 422 naming contact', async () => {
      // Act
      const res = await request(testApp.app)
        .post(contactsPath())
        .set('Authorization', bearer(ALICE))
        .send({ first_name: 'Ann', relationship_type: 1 })

      // Assert
      expectProblem(res, 422, ['contact', 'first_name', 'relationship_type'])
    })
  })

  describe('gender', () => {
    test.each(['male', 'female', 'transgender', 'non-binary', 'other'])(
      'When gender is %s, then it is 201 with that gender',
      async (gender) => {
        // Arrange
        expectRejected = false

        // Act
        const res = await postForm(`${REQUIRED}&contact[gender]=${gender}`)

        // Assert
        expect(res.status).toBe(201)
        expect(bodyOf<Contact>(res).gender).toBe(gender)
      },
    )

    test.each(['Male', 'nonbinary', 'unknown', 'f'])(
      'When gender is %s, then it is 422 listing the allowed values',
      async (gender) => {
        // Act
        const res = await postForm(`${REQUIRED}&contact[gender]=${gender}`)

        // Assert
        const message = messageOf(expectProblem(res, 422, ['contact[gender]']), 'contact[gender]')
        expect(message).toContain('male, female, transgender, non-binary, other')
      },
    )
  })

  describe('birthday', () => {
    test.each([
      ['a date, kept as sent', '1986-04-23', '1986-04-23'],
      ['a leap day', '2024-02-29', '2024-02-29'],
      ['a date-time with an offset', '1990-05-17T10:30:00+02:00', '1990-05-17T08:30:00.000Z'],
      [
        'a negative offset crossing midnight',
        '1990-05-17T23:30:00-05:00',
        '1990-05-18T04:30:00.000Z',
      ],
      ['a date-time in UTC', '1990-05-17T08:30:00Z', '1990-05-17T08:30:00.000Z'],
      ['a date-time without an offset (UTC)', '1990-05-17T08:30:00', '1990-05-17T08:30:00.000Z'],
      ['fractional seconds', '1990-05-17T08:30:00.250+01:00', '1990-05-17T07:30:00.250Z'],
    ])('When birthday is %s, then it is stored as %s', async (_l, sent, stored) => {
      // Arrange
      expectRejected = false

      // Act
      const res = await postForm(`${REQUIRED}&contact[birthday]=${encodeURIComponent(sent)}`)

      // Assert
      expect(res.status).toBe(201)
      const created = bodyOf<Contact>(res)
      expect(created.birthday).toBe(stored)
      const fetched = await request(testApp.app)
        .get(contactPath(created.id))
        .set('Authorization', bearer(ALICE))
      expect(bodyOf<Contact>(fetched).birthday).toBe(stored)
    })

    test.each([
      '2023-02-30',
      '2023-13-01',
      '1990-5-17',
      '17/05/1990',
      '19900517',
      '1990-05-17T25:00:00Z',
      '1990-05-17T08:30',
      'yesterday',
    ])('When birthday is %s, then it is 422 naming contact[birthday]', async (value) => {
      // Act
      const res = await postJson({ first_name: 'Ann', relationship_type: 1, birthday: value })

      // Assert
      expectProblem(res, 422, ['contact[birthday]'])
    })
  })

  describe('string lengths (decision 7)', () => {
    test.each([
      ['first_name', 100],
      ['middle_name', 100],
      ['last_name', 100],
      ['nickname', 100],
      ['employer', 200],
      ['job_title', 200],
      ['linkedin_url', 2048],
      ['how_you_met', 2000],
    ])('When %s has %d characters, then it is accepted; one more is a 422', async (field, max) => {
      // Arrange: characters, not bytes (ß is two bytes in UTF-8)
      expectRejected = false
      const base = { first_name: 'Ann', relationship_type: 1 }

      // Act
      const atLimit = await postJson({ ...base, [field]: 'ß'.repeat(max) })
      const before = await countAll()
      const over = await postJson({ ...base, [field]: 'ß'.repeat(max + 1) })

      // Assert
      expect(atLimit.status).toBe(201)
      expect((atLimit.body as Record<string, unknown>)[field]).toBe('ß'.repeat(max))
      const problem = expectProblem(over, 422, [`contact[${field}]`])
      expect(messageOf(problem, `contact[${field}]`)).toContain(String(max))
      expect(await countAll()).toBe(before)
    })
  })

  describe('unknown and repeated fields (decision 5)', () => {
    test.each([
      ['an unknown contact field', `${REQUIRED}&contact[nickname2]=Ann`, ['contact[nickname2]']],
      ['an unknown top-level field', `${REQUIRED}&colour=blue`, ['colour']],
      ['a read-only field (id)', `${REQUIRED}&contact[id]=x`, ['contact[id]']],
      [
        'a read-only field (created_at)',
        `${REQUIRED}&contact[created_at]=x`,
        ['contact[created_at]'],
      ],
      [
        'a read-only field (deleted_at)',
        `${REQUIRED}&contact[deleted_at]=`,
        ['contact[deleted_at]'],
      ],
      ['a metadata group', `${REQUIRED}&contact[tags][]=x`, ['contact[tags]']],
      ['two unknown fields', `${REQUIRED}&contact[a]=1&contact[b]=2`, ['contact[a]', 'contact[b]']],
      ['__proto__', `${REQUIRED}&__proto__[admin]=1`, ['__proto__']],
      ['constructor[prototype]', `${REQUIRED}&constructor[prototype][x]=1`, ['constructor']],
    ])('When a form has %s, then it is 422 naming it', async (_l, form, fields) => {
      // Act
      const res = await postForm(form)

      // Assert
      const problem = expectProblem(res, 422, fields)
      for (const field of fields) expect(messageOf(problem, field)).toBe('is not accepted here')
    })

    test('When JSON has an unknown field at each level, then each is named', async () => {
      // Act
      const res = await request(testApp.app)
        .post(contactsPath())
        .set('Authorization', bearer(ALICE))
        .send({
          contact: { first_name: 'Ann', relationship_type: 1, nickname2: 'x' },
          colour: 'blue',
        })

      // Assert
      expectProblem(res, 422, ['colour', 'contact[nickname2]'])
    })

    test.each([
      [
        'contact[first_name]',
        'contact[first_name]=Ann&contact[first_name]=Bob&contact[relationship_type]=1',
      ],
      [
        'contact[relationship_type]',
        'contact[first_name]=Ann&contact[relationship_type]=1&contact[relationship_type]=1',
      ],
      ['contact[gender]', `${REQUIRED}&contact[gender]=male&contact[gender]=female`],
    ])('When %s is sent twice in a form, then it is 422 for that field', async (field, form) => {
      // Act
      const res = await postForm(form)

      // Assert
      expectProblem(res, 422, [field])
    })

    test('When contact is sent as a plain form value, then it is 422 naming contact', async () => {
      // Act
      const res = await postForm('contact=Ann')

      // Assert
      expectProblem(res, 422, ['contact'])
    })
  })
})

describe('Update validation (a rejected update changes nothing)', () => {
  let original: Contact
  beforeAll(async () => {
    original = await createContact(testApp.app, {
      first_name: 'Original',
      last_name: 'Person',
      relationship_type: 2,
      gender: 'female',
      birthday: '1980-01-01',
    })
  })
  afterEach(async () => {
    const fetched = await request(testApp.app)
      .get(contactPath(original.id))
      .set('Authorization', bearer(ALICE))
    expect(fetched.body).toEqual(original)
  })

  const patchForm = (form: string) =>
    request(testApp.app)
      .patch(contactPath(original.id))
      .set('Authorization', bearer(ALICE))
      .type('form')
      .send(form)

  test.each([
    ['first_name emptied', 'contact[first_name]=', 'contact[first_name]'],
    ['first_name blank', 'contact[first_name]=%20', 'contact[first_name]'],
    ['relationship_type cleared', 'contact[relationship_type]=', 'contact[relationship_type]'],
    [
      'relationship_type out of range',
      'contact[relationship_type]=6',
      'contact[relationship_type]',
    ],
    ['a bad gender', 'contact[gender]=robot', 'contact[gender]'],
    ['an impossible birthday', 'contact[birthday]=2023-02-30', 'contact[birthday]'],
    ['an unknown field', 'contact[nickname2]=x', 'contact[nickname2]'],
    ['a repeated field', 'contact[last_name]=A&contact[last_name]=B', 'contact[last_name]'],
  ])('When a form update has %s, then it is 422 naming %s', async (_l, form, field) => {
    // Act
    const res = await patchForm(form)

    // Assert
    expectProblem(res, 422, [field])
  })

  test('When one field of several is invalid, then none of them is applied', async () => {
    // Act
    const res = await patchForm(
      'contact[first_name]=Changed&contact[last_name]=Changed&contact[gender]=x',
    )

    // Assert
    expectProblem(res, 422, ['contact[gender]'])
  })

  test.each([
    ['first_name null', { first_name: null }, 'contact[first_name]'],
    ['relationship_type null', { relationship_type: null }, 'contact[relationship_type]'],
    ['relationship_type "3"', { relationship_type: '3' }, 'contact[relationship_type]'],
    ['a number as nickname', { nickname: 7 }, 'contact[nickname]'],
  ])('When a JSON update has %s, then it is 422 naming %s', async (_l, contact, field) => {
    // Act
    const res = await request(testApp.app)
      .patch(contactPath(original.id))
      .set('Authorization', bearer(ALICE))
      .send({ contact })

    // Assert
    expectProblem(res, 422, [field])
  })
})
