// The Host check (a guard against DNS rebinding): loopback names, IP addresses and the configured
// host names only, on the API and the admin API alike.
import { describe, expect, test } from '@jest/globals'
import { expectProblem, paths, useTestApp } from '../../../test-support/http.ts'

describe('the Host header, without --allowed-host', () => {
  const http = useTestApp()

  test.each([
    ['the API', () => http.get(paths.catalog)],
    ['an unknown path', () => http.get('/nowhere')],
    [
      'the admin API',
      () => http.anon.post('/__admin/reset').set('Content-Type', 'application/json'),
    ],
  ])(
    'When %s is asked with Host: rebind.evil.example, then it is 403 naming the accepted hosts',
    async (_label, send) => {
      // Arrange
      const kept = await http.createContact({ first_name: 'Kept' })

      // Act
      const res = await send().set('Host', 'rebind.evil.example:4010')

      // Assert
      const { detail } = expectProblem(res, 403)
      expect(detail).toContain("'rebind.evil.example'")
      expect(detail).toContain('localhost')
      expect(detail).toContain('--allowed-host rebind.evil.example')
      expect(res.headers['access-control-allow-origin']).toBeUndefined()
      expect((await http.get(paths.contact(kept.id))).status).toBe(200)
    },
  )

  test.each([
    'localhost',
    'localhost:4010',
    'LocalHost:4010',
    'localhost.',
    'app.localhost:5173',
    '127.0.0.1:4010',
    '127.0.0.2:4799',
    'localhost:65535',
    '10.0.0.7',
    '[::1]:4010',
    '[fe80::1]',
  ])('When the Host is %s, then the API answers', async (host) => {
    // Act
    const res = await http.get(paths.catalog).set('Host', host)

    // Assert
    expect(res.status).toBe(200)
  })

  test.each([
    'evil.example',
    'localhost.evil.example',
    'localhost:4010@evil.example',
    '127.0.0.1.nip.io',
    '[::1',
    '::1',
    '0x7f.1',
  ])('When the Host is %s, then it is 403', async (host) => {
    // Act
    const res = await http.get(paths.catalog).set('Host', host)

    // Assert
    expectProblem(res, 403)
  })

  test.each([
    'evil.example#.localhost',
    'evil.example/.localhost',
    'u@evil.example/x.localhost',
    'evil.example?.localhost',
    'evil.example\\.localhost',
    'evil..localhost',
    '-evil.localhost',
    '[::1]evil.example',
    'localhost:',
    'localhost:99999',
    'localhost:4010x',
  ])(
    'When the Host is %s (not a host name), then it is 403 saying what a Host must be',
    async (host) => {
      // Arrange
      const kept = await http.createContact({ first_name: 'Kept' })

      // Act
      const res = await http.get(paths.catalog).set('Host', host)

      // Assert
      const { detail } = expectProblem(res, 403)
      expect(detail).toContain('is not a host name')
      expect(detail).toContain('an IPv4 address or a bracketed IPv6 address, with an optional port')
      expect(res.headers['access-control-allow-origin']).toBeUndefined()
      expect((await http.get(paths.contact(kept.id))).status).toBe(200)
    },
  )

  test('When the Host header is empty, then it is 400 asking for one', async () => {
    // Act
    const res = await http.get(paths.catalog).set('Host', '')

    // Assert
    expect(expectProblem(res, 400).detail).toContain('Host')
  })
})

describe('the Host header, with --allowed-host devbox.lan', () => {
  const http = useTestApp({ access: { allowedHosts: ['devbox.lan'] } })

  test.each(['devbox.lan', 'DevBox.LAN:4010', 'localhost:4010'])(
    'When the Host is %s, then the API answers',
    async (host) => {
      // Act
      const res = await http.get(paths.catalog).set('Host', host)

      // Assert
      expect(res.status).toBe(200)
    },
  )

  test('When the Host is a subdomain of an allowed name, then it is 403 naming devbox.lan', async () => {
    // Act
    const res = await http.get(paths.catalog).set('Host', 'other.devbox.lan')

    // Assert
    expect(expectProblem(res, 403).detail).toContain('devbox.lan')
  })
})
