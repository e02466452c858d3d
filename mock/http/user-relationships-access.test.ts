// One user relationship is its owner's only: others get 404 and change nothing; unknown ids are 404.
import { describe, expect, test } from '@jest/globals'
import { BOB, CAROL, GLOBEX_ORG_ID } from '../../fixtures/identities.ts'
import {
  expectProblem,
  paths,
  UNKNOWN_ID,
  useRelationship,
  useTestApp,
  withBody,
} from './support.ts'
import type { Method, Payload } from './support.ts'

const http = useTestApp()
const { alices } = useRelationship(http)

describe('Access to one relationship', () => {
  test.each<[Method, Payload | undefined]>([
    ['get', undefined],
    ['patch', { json: { user_relationship: { anniversary_date: '2000-01-01' } } }],
    ['delete', undefined],
  ])(
    "When Bob sends %s for Alice's relationship, then it is 404 and it is unchanged",
    async (method, payload) => {
      // Act
      const res = await withBody(http[method](paths.userRelationship(alices().id), BOB), payload)

      // Assert
      const problem = expectProblem(res, 404)
      expect(problem.detail).toContain(alices().id)
      await http.expectStored(paths.userRelationship(alices().id), alices())
    },
  )

  test("When Carol asks Globex for Alice's relationship, then it is 404", async () => {
    // Act
    const res = await http.get(paths.userRelationship(alices().id, GLOBEX_ORG_ID), CAROL)

    // Assert
    expectProblem(res, 404)
  })

  test.each([UNKNOWN_ID, 'not-a-uuid'])(
    'When relationship %s is fetched, then it is 404',
    async (id) => {
      // Act
      const res = await http.get(paths.userRelationship(id))

      // Assert
      expectProblem(res, 404)
    },
  )
})
