// The preflight: a target that refuses the token, or answers with something that is not the API
// (a proxy's HTML error page), stops the run with one line and exit code 2 within seconds.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, test } from '@jest/globals'
import { runSuite } from './run-suite.ts'

let server: Server | undefined

/** A server on port 0 that answers every request with `status`, `contentType` and `body`. */
async function serve(status: number, contentType: string, body: string): Promise<string> {
  server = createServer((_req, res) => {
    res.writeHead(status, { 'content-type': contentType })
    res.end(body)
  })
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return `http://127.0.0.1:${String(port)}`
}

afterEach(async () => {
  const running = server
  server = undefined
  if (running === undefined) return
  running.closeAllConnections()
  await new Promise((resolve) => running.close(resolve))
})

const lines = (output: string): string[] => output.trimEnd().split('\n')
const ORG = '11111111-1111-4111-8111-111111111111'

describe('The preflight of contacts-contract', () => {
  test('When the target refuses the token (401), then it exits 2, with one line naming the setting', async () => {
    // Arrange
    const url = await serve(401, 'application/problem+json', '{"status":401}')

    // Act
    const run = await runSuite(['--base-url', url, '--token', 'bad', '--org', ORG])

    // Assert
    expect(run.exitCode).toBe(2)
    expect(lines(run.output)).toEqual([
      `contacts-contract: ${url} refused the token: GET /api/v1/relationships answered 401 (application/problem+json). Check --token (CONTRACT_TOKEN).`,
    ])
  }, 30_000)

  test('When the target answers an HTML 502 page, then it exits 2 with one line saying it is not the API', async () => {
    // Arrange
    const url = await serve(502, 'text/html', '<html><body>Bad Gateway</body></html>')

    // Act
    const run = await runSuite(['--base-url', url, '--token', 't', '--org', ORG])

    // Assert
    expect(run.exitCode).toBe(2)
    expect(lines(run.output)).toEqual([
      `contacts-contract: ${url} does not answer as the API: GET /api/v1/relationships answered 502 (text/html). Is the URL right, and the server behind it up?`,
    ])
  }, 30_000)

  test('When sweep comes without a base URL, then it exits 2 naming what it needs', async () => {
    // Act
    const run = await runSuite(['sweep'])

    // Assert
    expect(run.exitCode).toBe(2)
    expect(run.output).toContain('sweep needs --base-url (CONTRACT_BASE_URL)')
  }, 30_000)

  test('When diff gets one base URL, then it exits 2 asking for two', async () => {
    // Act
    const run = await runSuite([
      'diff',
      '--base-url',
      'http://127.0.0.1:9',
      '--token',
      't',
      '--org',
      ORG,
    ])

    // Assert
    expect(run.exitCode).toBe(2)
    expect(run.output).toContain('diff needs --base-url twice')
  }, 30_000)
})
