// Contact create validation of unknown, read-only and repeated fields (decision 5).
import { describe, expect, test } from '@jest/globals'
import {
  expectProblem,
  expectUnchangedCount,
  messageOf,
  paths,
  useTestApp,
  withBody,
} from './support.ts'
import type { Payload } from './support.ts'

const http = useTestApp()

const REQUIRED = 'contact[first_name]=Ann&contact[relationship_type]=1'

/** A form with the required fields and then `extra`. */
const formWith = (extra: string): Payload => ({ form: `${REQUIRED}&${extra}` })

describe('unknown and repeated fields (a rejected create adds nothing)', () => {
  expectUnchangedCount(() => http.countContacts())

  test.each<[label: string, payload: Payload, fields: string[]]>([
    ['an unknown contact field', formWith('contact[nickname2]=Ann'), ['contact[nickname2]']],
    ['an unknown top-level field', formWith('colour=blue'), ['colour']],
    ['a read-only field (id)', formWith('contact[id]=x'), ['contact[id]']],
    ['a read-only field (created_at)', formWith('contact[created_at]=x'), ['contact[created_at]']],
    ['a read-only field (deleted_at)', formWith('contact[deleted_at]='), ['contact[deleted_at]']],
    ['a metadata group', formWith('contact[tags][]=x'), ['contact[tags]']],
    ['two unknown fields', formWith('contact[a]=1&contact[b]=2'), ['contact[a]', 'contact[b]']],
    ['__proto__', formWith('__proto__[admin]=1'), ['__proto__']],
    ['constructor[prototype]', formWith('constructor[prototype][x]=1'), ['constructor']],
    [
      'JSON with an unknown field at each level',
      {
        json: {
          contact: { first_name: 'Ann', relationship_type: 1, nickname2: 'x' },
          colour: 'blue',
        },
      },
      ['colour', 'contact[nickname2]'],
    ],
  ])(
    'When a create has %s, then it is 422 naming each as not accepted',
    async (_l, payload, fields) => {
      // Act
      const res = await withBody(http.post(paths.contacts()), payload)

      // Assert
      const problem = expectProblem(res, 422, fields)
      for (const field of fields) expect(messageOf(problem, field)).toBe('is not accepted here')
    },
  )

  test.each([
    [
      'contact[first_name] sent twice',
      'contact[first_name]',
      'contact[first_name]=Ann&contact[first_name]=Bob&contact[relationship_type]=1',
    ],
    [
      'contact[relationship_type] sent twice',
      'contact[relationship_type]',
      'contact[first_name]=Ann&contact[relationship_type]=1&contact[relationship_type]=1',
    ],
    [
      'contact[gender] sent twice',
      'contact[gender]',
      `${REQUIRED}&contact[gender]=male&contact[gender]=female`,
    ],
    ['contact as a plain value', 'contact', 'contact=Ann'],
  ])('When a form has %s, then it is 422 naming only %s', async (_l, field, form) => {
    // Act
    const res = await withBody(http.post(paths.contacts()), { form })

    // Assert
    expectProblem(res, 422, [field])
  })
})
