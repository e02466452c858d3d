// Headers as a caller's environment makes them: Node's own, jsdom's and happy-dom's (of another
// realm: `instanceof Headers` is false, and happy-dom keeps a name's capitals), pairs, a record,
// and Requests of those environments. Every name is read in lower case.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { Window } from 'happy-dom'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import type { FetchInput } from '../../fetch/fetch-request.ts'
import { createMockFetch } from '../../fetch/node/fetch.ts'
import { openJsdomWindow } from '../support/fetch/jsdom-window.ts'

const CONTACTS = `http://localhost/api/v1/orgs/${ACME_ORG_ID}/contacts`
const BEARER = `Bearer ${ALICE.token}`

const jsdom = openJsdomWindow()
const happy = new Window()
const mock = createMockFetch()

beforeAll(async () => {
  await mock.ready
})
afterAll(async () => {
  jsdom.close()
  await happy.happyDOM.close()
  await mock.close()
})

type Pairs = [string, string][]

/** Headers of each kind a caller may give fetch, made of these pairs. */
const headerKinds: [kind: string, make: (pairs: Pairs) => unknown][] = [
  ["Node's Headers", (pairs) => new Headers(pairs)],
  ["jsdom's Headers", (pairs) => new jsdom.Headers(pairs)],
  ["happy-dom's Headers", (pairs) => new happy.Headers(pairs)],
  ['pairs', (pairs) => pairs],
  ['a record', (pairs) => Object.fromEntries(pairs)],
]

/** Requests of each environment that has one, with these headers. */
const requestKinds: [kind: string, make: (pairs: Pairs, init?: RequestInit) => FetchInput][] = [
  ["Node's Request", (pairs, init) => new Request(CONTACTS, { ...init, headers: pairs })],
  [
    "Node's Request with jsdom's Headers (jsdom has no Request)",
    (pairs, init) =>
      // Node's Request takes any iterable of pairs, as its types do not say
      new Request(CONTACTS, {
        ...init,
        headers: new jsdom.Headers(pairs) as unknown as RequestInit['headers'],
      }),
  ],
  [
    "happy-dom's Request",
    (pairs, init) =>
      new happy.Request(CONTACTS, {
        ...(init as object),
        headers: pairs,
      }) as unknown as FetchInput,
  ],
]

describe.each(['Authorization', 'AUTHORIZATION'])('Authorization spelled %s', (name) => {
  const pairs: Pairs = [[name, BEARER]]

  test.each(headerKinds)('When the headers are %s, then the caller is known', async (_, make) => {
    // Act
    const response = await mock(CONTACTS, { headers: make(pairs) as RequestInit['headers'] })

    // Assert
    expect(response.status).toBe(200)
  })

  test.each(requestKinds)(
    'When the call is %s, then the caller is known, by the fetch function and by MSW’s handlers',
    async (_, make) => {
      // Act
      const fetched = await mock(make(pairs))
      const answered = await mock.answer(make(pairs) as Request)

      // Assert
      expect([fetched.status, answered?.status]).toEqual([200, 200])
    },
  )

  test.each(requestKinds)(
    'When %s posts a contact, then it is created from its body',
    async (_, make) => {
      // Arrange
      const init = {
        method: 'POST',
        body: JSON.stringify({ contact: { first_name: 'Realm', relationship_type: 1 } }),
      }
      const withType: Pairs = [...pairs, ['Content-Type', 'application/json']]

      // Act
      const fetched = await mock(make(withType, init))
      const answered = await mock.answer(make(withType, init) as Request)

      // Assert
      expect([fetched.status, answered?.status]).toEqual([201, 201])
    },
  )

  test('When the URL is jsdom’s, then it is read by its href', async () => {
    // Act
    // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment -- a page's code types it so
    const response = await mock(new jsdom.URL(CONTACTS) as URL, {
      headers: pairs,
    })

    // Assert
    expect(response.status).toBe(200)
  })
})
