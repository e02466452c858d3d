// Contact values a create accepts (201), and how they are stored: integers, genders, birthdays.
import { describe, expect, test } from '@jest/globals'
import { bodyOf, paths, useTestApp, withBody } from './support.ts'
import type { Contact } from './support.ts'

const http = useTestApp()

const REQUIRED = 'contact[first_name]=Ann&contact[relationship_type]=1'

type Row = [label: string, field: keyof Contact, stored: Contact[keyof Contact], form: string]

/** [label, as sent, as stored] */
const BIRTHDAYS: [string, string, string][] = [
  ['a date, kept as sent', '1986-04-23', '1986-04-23'],
  ['a leap day', '2024-02-29', '2024-02-29'],
  ['a date-time with an offset', '1990-05-17T10:30:00+02:00', '1990-05-17T08:30:00.000Z'],
  ['a negative offset crossing midnight', '1990-05-17T23:30:00-05:00', '1990-05-18T04:30:00.000Z'],
  ['a date-time in UTC', '1990-05-17T08:30:00Z', '1990-05-17T08:30:00.000Z'],
  ['a date-time without an offset (UTC)', '1990-05-17T08:30:00', '1990-05-17T08:30:00.000Z'],
  ['fractional seconds', '1990-05-17T08:30:00.250+01:00', '1990-05-17T07:30:00.250Z'],
]

const ACCEPTED: Row[] = [
  ...[0, 3, 5].map((type): Row => [
    `contact[relationship_type]=${String(type)} in a form`,
    'relationship_type',
    type,
    `contact[first_name]=Ann&contact[relationship_type]=${String(type)}`,
  ]),
  ...['male', 'female', 'transgender', 'non-binary', 'other'].map((gender): Row => [
    `gender ${gender}`,
    'gender',
    gender,
    `${REQUIRED}&contact[gender]=${gender}`,
  ]),
  ...BIRTHDAYS.map(([label, sent, stored]): Row => [
    `birthday ${label}`,
    'birthday',
    stored,
    `${REQUIRED}&contact[birthday]=${encodeURIComponent(sent)}`,
  ]),
]

describe('Values a create accepts', () => {
  test.each(ACCEPTED)(
    'When a create has %s, then it is 201 with %s stored as %j',
    async (_label, field, stored, form) => {
      // Act
      const res = await withBody(http.post(paths.contacts()), { form })

      // Assert
      expect(res.status).toBe(201)
      const created = bodyOf<Contact>(res)
      expect(created[field]).toStrictEqual(stored)
      const fetched = await http.get(paths.contact(created.id))
      expect(bodyOf<Contact>(fetched)[field]).toStrictEqual(stored)
    },
  )
})
