// PATCH of a user relationship: only anniversary_date changes; anything else is a 422 that changes nothing.
import { describe, expect, test } from '@jest/globals'
import { CHILD_TYPE_ID, PARENT_TYPE_ID } from '../../fixtures/identities.ts'
import {
  bodyOf,
  expectProblem,
  messageOf,
  paths,
  UNKNOWN_ID,
  useRelationship,
  userRelationshipJson,
  useTestApp,
  withBody,
} from './support.ts'
import type { Payload, UserRelationship } from './support.ts'

const http = useTestApp()
const { contact, alices } = useRelationship(http)

const DATE = 'user_relationship[anniversary_date]'

describe('PATCH of one relationship', () => {
  test.each<[label: string, date: string, payload: Payload]>([
    ['a form', '2016-06-20', { form: `${DATE}=2016-06-20` }],
    ['JSON', '2024-02-29', { json: { user_relationship: { anniversary_date: '2024-02-29' } } }],
  ])(
    'When Alice sets a new anniversary as %s, then it is 200 and only it (%s) and updated_at change',
    async (_label, date, payload) => {
      // Arrange
      const before = await http.createUserRelationship({
        contact_id: contact().id,
        relationship_id: CHILD_TYPE_ID,
      })

      // Act
      const res = await withBody(http.patch(paths.userRelationship(before.id)), payload)

      // Assert
      expect(res.status).toBe(200)
      const after = bodyOf<UserRelationship>(res)
      expect(after).toEqual({ ...before, anniversary_date: date, updated_at: after.updated_at })
      expect(Date.parse(after.updated_at)).toBeGreaterThan(Date.parse(before.updated_at))
      await http.expectStored(paths.userRelationship(before.id), after)
    },
  )
})

describe('PATCH validation (a rejected update changes nothing)', () => {
  test.each<
    [label: string, errors: [field: string, message: string][], payload: Payload | undefined]
  >([
    ['no anniversary_date', [[DATE, 'is required']], userRelationshipJson({})],
    [
      'anniversary_date null',
      [[DATE, 'must be string']],
      userRelationshipJson({ anniversary_date: null }),
    ],
    [
      'an impossible date',
      [[DATE, 'must match format "date"']],
      userRelationshipJson({ anniversary_date: '2023-02-30' }),
    ],
    [
      'a date without dashes',
      [[DATE, 'must match format "date"']],
      userRelationshipJson({ anniversary_date: '20230101' }),
    ],
    [
      'contact_id (not accepted)',
      [['user_relationship[contact_id]', 'is not accepted here']],
      userRelationshipJson({ anniversary_date: '2001-01-01', contact_id: UNKNOWN_ID }),
    ],
    [
      'relationship_id (not accepted)',
      [['user_relationship[relationship_id]', 'is not accepted here']],
      userRelationshipJson({ anniversary_date: '2001-01-01', relationship_id: CHILD_TYPE_ID }),
    ],
    [
      'relationship_id with the date in a form',
      [['user_relationship[relationship_id]', 'is not accepted here']],
      { form: `${DATE}=2001-01-01&user_relationship[relationship_id]=${PARENT_TYPE_ID}` },
    ],
    [
      'no user_relationship',
      [
        ['user_relationship', 'is required'],
        ['anniversary_date', 'is not accepted here'],
      ],
      { json: { anniversary_date: '2001-01-01' } },
    ],
    ['no body', [['user_relationship', 'is required']], undefined],
  ])(
    'When the PATCH has %s, then it is 422 naming and explaining each field',
    async (_label, errors, payload) => {
      // Act
      const res = await withBody(http.patch(paths.userRelationship(alices().id)), payload)

      // Assert
      const problem = expectProblem(
        res,
        422,
        errors.map(([field]) => field),
      )
      for (const [field, message] of errors) expect(messageOf(problem, field)).toBe(message)
      await http.expectStored(paths.userRelationship(alices().id), alices())
    },
  )
})
