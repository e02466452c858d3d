// "Copy as curl" for a request planted by someone else: the command goes to the mock the reader
// reached, sends the body as it is, never globs the URL, and a shell takes each part as it is.
import { execFileSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import { sendRaw } from '../../../test-support/resilience/raw-http.ts'
import type { RecordedDetail, RecordedSummary } from '../../face/recorded-views.ts'
import { curlCommandOf } from '../../shared/curl-command.ts'
import { serveTestApp, type ServedApp } from '../../../test-support/serve-test-app.ts'

let served: ServedApp
let origin: URL
beforeAll(async () => {
  served = await serveTestApp()
  origin = new URL(served.url)
})
afterAll(async () => {
  await served.close()
})

const CONTACTS = `/api/v1/orgs/${ACME_ORG_ID}/contacts`

/** Sends a create as anyone who can reach the mock could, then reads the inspector's curl. */
async function plantAndCopy(target: string, host: string, body: string): Promise<string> {
  const bytes = Buffer.from(body, 'utf8')
  await sendRaw(
    Number(origin.port),
    `POST ${target} HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${ALICE.token}\r\n` +
      'Content-Type: application/x-www-form-urlencoded\r\n' +
      `Content-Length: ${String(bytes.length)}\r\nConnection: close\r\n\r\n${bytes.toString('latin1')}`,
  )
  const list = (await (await fetch(`${served.url}/__inspector/requests`)).json()) as {
    requests: RecordedSummary[]
  }
  const planted = list.requests.at(-1)
  expect(planted?.url).toBe(target)
  const res = await fetch(`${served.url}/__inspector/requests/${String(planted?.id)}`)
  return ((await res.json()) as RecordedDetail).curl
}

/** The argv bash hands to `curl` when it runs `command` (a function in its place prints it). */
function argvOf(command: string, env: Record<string, string> = { TOKEN: 'the-token' }): string[] {
  const script = `curl() { printf '%s\\0' "$@"; }\n${command}\n`
  const printed = execFileSync('bash', ['--norc', '--noprofile', '-c', script], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return printed.toString('utf8').split('\0').slice(0, -1)
}

describe('Copy as curl', () => {
  test('When a request with a foreign Host, a [1-400] URL and a body starting with @ is recorded, then its command goes to this mock, unglobbed, with the body as it is', async () => {
    // Arrange
    const target = `${CONTACTS}?page=[1-400]`
    const body = "@/etc/passwd&contact[first_name]=O'Brien"

    // Act
    const curl = await plantAndCopy(target, '127.0.0.2:4799', body)

    // Assert
    expect(curl).toBe(
      `curl -g -i -X POST 'http://127.0.0.1:${origin.port}${target}' ` +
        `-H "Authorization: Bearer $TOKEN" -H 'content-type: application/x-www-form-urlencoded' ` +
        `--data-raw '@/etc/passwd&contact[first_name]=O'\\''Brien'`,
    )
    expect(argvOf(curl)).toEqual([
      '-g',
      '-i',
      '-X',
      'POST',
      `http://127.0.0.1:${origin.port}${target}`,
      '-H',
      'Authorization: Bearer the-token',
      '-H',
      'content-type: application/x-www-form-urlencoded',
      '--data-raw',
      body,
    ])
  })

  test('When a body holds what a terminal acts on when pasted, then the command holds printable characters only and bash still gets the body as it is', async () => {
    // Arrange: ESC [201~ ends a bracketed paste, ^C drops the line, then a command and Enter
    const body = "contact[first_name]=\u001b[201~\u0003touch /tmp/pwned\n'$(id)'\t\\x41\u0085é"

    // Act
    const curl = await plantAndCopy(CONTACTS, 'localhost:1', body)

    // Assert
    // eslint-disable-next-line no-control-regex -- what a terminal would act on
    expect(curl).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/)
    expect(curl).toContain(
      `--data-raw $'contact[first_name]=\\x1b[201~\\x03touch /tmp/pwned\\n\\'$(id)\\'\\t\\\\x41\\xc2\\x85é'`,
    )
    expect(argvOf(curl).slice(-2)).toEqual(['--data-raw', body])
    expect(argvOf(curl)[4]).toBe(`http://127.0.0.1:${origin.port}${CONTACTS}`)
  })
})

// The writer the contract suite shares with the inspector (mock/shared/curl-command.ts).
describe('curlCommandOf', () => {
  test('When a header names a variable, then the shell fills it in and takes the rest as it is', () => {
    // Arrange
    const request = {
      method: 'PATCH',
      url: 'http://127.0.0.1:1/a?b=[1-2]',
      headers: [
        ['Authorization', 'Bearer $TOKEN'],
        ['X-Quoted', `"$(id)" $TOKEN $HOME \`id\` !! O'Brien`],
        ['Accept', '$TOKEN_NOT'],
      ],
      body: '@/etc/passwd',
    } as const

    // Act
    const command = curlCommandOf(request, ['TOKEN'])

    // Assert
    expect(command).toContain(`-H "Authorization: Bearer $TOKEN"`)
    expect(argvOf(command, { TOKEN: 'the-token', HOME: '/home/x' })).toEqual([
      '-g',
      '-i',
      '-X',
      'PATCH',
      'http://127.0.0.1:1/a?b=[1-2]',
      '-H',
      'Authorization: Bearer the-token',
      '-H',
      `X-Quoted: "$(id)" the-token $HOME \`id\` !! O'Brien`,
      '-H',
      'Accept: $TOKEN_NOT',
      '--data-raw',
      '@/etc/passwd',
    ])
  })

  test('When a GET has no body, then the command names neither a method nor data', () => {
    // Act
    const command = curlCommandOf({ method: 'GET', url: 'http://x/', headers: [], body: null })

    // Assert
    expect(command).toBe(`curl -g -i 'http://x/'`)
  })
})
