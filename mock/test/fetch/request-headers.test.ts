// Headers as a caller's environment makes them: Node's own, jsdom's and happy-dom's (of another
// realm: `instanceof Headers` is false, and happy-dom keeps a name's capitals), pairs, a record,
// and Requests of those environments. Every name is read in lower case, and a name the client
// chose is recorded as sent, whatever Object.prototype has of that name.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { Window } from 'happy-dom'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import { describeEntry } from '../../face/recorded-views.ts'
import { createRecorder } from '../../face/recorder.ts'
import { parseBase, readCall, toCoreRequest, type FetchInput } from '../../fetch/fetch-request.ts'
import { createMockFetch } from '../../fetch/node/fetch.ts'
import { startExchange } from '../../pipeline/exchange.ts'
import { openJsdomWindow } from '../../../test-support/fetch/jsdom-window.ts'

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

describe('header names Object.prototype has', () => {
  const SENT: Pairs = [
    ['constructor', 'sent-c'],
    ['__proto__', 'sent-p'],
    ['toString', 'sent-t'],
  ]
  // happy-dom's own Headers keeps lower-case names in a plain object: it throws on `constructor`
  // and `__proto__` itself (only toString is another name in lower case)
  const sentBy = (kind: string): Pairs =>
    kind.startsWith('happy-dom') ? SENT.filter(([name]) => name === 'toString') : SENT
  /** What the core and the inspector have: names in lower case, the Host the mock names. */
  const shownOf = (sent: Pairs): [string, string][] =>
    [...sent.map(([name, value]): [string, string] => [name.toLowerCase(), value])]
      .concat([['host', 'localhost']])
      .sort()
  const namesOf = (headers: object): [string, unknown][] => Object.entries(headers).sort()
  type Call = [kind: string, sent: Pairs, call: () => ReturnType<typeof readCall>]
  const calls: Call[] = [
    ...headerKinds.map(([kind, make]): Call => [
      `the fetch function's ${kind}`,
      sentBy(kind),
      () => readCall(CONTACTS, { headers: make(sentBy(kind)) as RequestInit['headers'] }),
    ]),
    ...requestKinds.map(([kind, make]): Call => [
      `MSW's ${kind}`,
      sentBy(kind),
      () => readCall(make(sentBy(kind))),
    ]),
  ]

  test.each(calls)(
    'When they come in %s, then the core has each as sent, and the inspector’s views show it',
    (_, sent, call) => {
      // Arrange
      const request = toCoreRequest(call(), parseBase('http://localhost'), 1024)
      const recorder = createRecorder(1)

      // Act
      recorder.note(
        { ...startExchange(request), cors: true },
        { status: 200, headers: {}, text: '' },
      )
      const entry = recorder.find(1)

      // Assert
      const shown = shownOf(sent)
      expect(namesOf(request.headers)).toEqual(shown)
      expect(entry && namesOf(entry.headers)).toEqual(shown)
      expect(entry && namesOf(describeEntry(entry, 'http://localhost').requestHeaders)).toEqual(
        shown,
      )
    },
  )
})
