import { execFileSync } from 'node:child_process'
import { describe, expect, test } from '@jest/globals'
import { curlCommandOf } from './curl-command.ts'

/** The argv bash hands to `curl` when it runs `command` (a function in its place prints it). */
function argvOf(command: string, env: Record<string, string>): string[] {
  const script = `curl() { printf '%s\\0' "$@"; }\n${command}\n`
  const printed = execFileSync('bash', ['--norc', '--noprofile', '-c', script], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return printed.toString('utf8').split('\0').slice(0, -1)
}

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
