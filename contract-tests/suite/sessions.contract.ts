// POST /api/v1/login and DELETE /api/v1/logout (decision 22): skipped, naming the settings, unless
// CONTRACT_EMAIL and CONTRACT_PASSWORD are given (the bundled mock gets Alice's). Every session a
// login opens is logged out after the file (support/records.ts), the run's own tokens never.
import { decisionRule, headerRule, statusRule } from './rules/rule.ts'
import { call, type ApiResponse } from './support/api.ts'
import { contractEnv } from './support/env.ts'
import { describeIf, type Needs } from './support/gates.ts'
import {
  callOperation,
  documentedOperations,
  labelOf,
  requiresToken,
} from './support/operations.ts'
import { checkOwnSession } from './support/probes.ts'
import { expect, test } from './support/test-api.ts'

const LOGIN: Needs = { writes: true, variables: ['CONTRACT_EMAIL', 'CONTRACT_PASSWORD'] }

interface LoggedIn {
  token: string
  token_type: string
  expires_at: string | null
  user: { email: string }
}

/** How long a check waits for a login token to expire, when its expires_at says it soon will. */
const EXPIRY_WAIT_MS = 5_000

/** RFC 6750's challenge for a token that is no longer valid (decision 22). */
const INVALID_TOKEN = /^Bearer\b.*\berror="invalid_token"/i

/** What every operation that needs a token answers to `token`: one line per other answer. */
async function notRefused(token: string): Promise<string[]> {
  const operations = documentedOperations().filter(requiresToken)
  const answers = await Promise.all(
    operations.map(async (operation) => ({
      operation,
      res: await callOperation(operation, { token }),
    })),
  )
  return answers.flatMap(({ operation, res }) => {
    expect(res).toBeProblem(401)
    const challenge = res.headers['www-authenticate'] ?? '(none)'
    return INVALID_TOKEN.test(challenge)
      ? []
      : [`${labelOf(operation)}: WWW-Authenticate is ${challenge}`]
  })
}

const credentials = (): { email: string; password: string } => {
  const { email, password } = contractEnv()
  if (email === undefined || password === undefined) throw new Error('gated on both settings')
  return { email, password }
}

const loginJson = (email: string, password: string): Promise<ApiResponse> =>
  call('POST', '/api/v1/login', { token: null, json: { user: { email, password } } })

/** A request only a valid token passes, that reads nothing of an org. */
const catalogWith = (token: string): Promise<ApiResponse> =>
  call('GET', '/api/v1/relationships', { token })

describeIf(LOGIN, 'POST /api/v1/login and DELETE /api/v1/logout', () => {
  test(
    'When the user logs in with JSON, then the answer is a bearer token that authenticates',
    { covers: [decisionRule(22), statusRule('login', 200)] },
    async () => {
      // Arrange
      const { email, password } = credentials()

      // Act
      const res = await loginJson(email, password)
      const body = res.body as LoggedIn

      // Assert
      expect(res).toMatchDocument()
      expect(res.status).toBe(200)
      expect(body.token_type).toBe('Bearer')
      expect(body.user.email.toLowerCase()).toBe(email.toLowerCase())
      expect((await catalogWith(body.token)).status).toBe(200)
    },
  )

  test(
    'When the user logs in with a form, then it answers 200 like JSON',
    { covers: [decisionRule(22), statusRule('login', 200)] },
    async () => {
      // Arrange
      const { email, password } = credentials()

      // Act
      const res = await call('POST', '/api/v1/login', {
        token: null,
        form: { 'user[email]': email, 'user[password]': password },
      })

      // Assert
      expect(res).toMatchDocument()
      expect(res.status).toBe(200)
    },
  )

  test(
    'When the password is wrong or the email unknown, then both are the same 401 problem',
    {
      covers: [
        decisionRule(22),
        statusRule('login', 401),
        headerRule('login', 401, 'WWW-Authenticate'),
      ],
    },
    async () => {
      // Arrange
      const { email } = credentials()
      const unknown = `nobody-${contractEnv().runId}@${email.split('@')[1] ?? 'example.test'}`

      // Act
      const wrongPassword = await loginJson(email, `not-the-password-${contractEnv().runId}`)
      const unknownEmail = await loginJson(unknown, `not-the-password-${contractEnv().runId}`)

      // Assert
      expect(wrongPassword).toMatchDocument()
      expect(wrongPassword.status).toBe(401)
      expect(unknownEmail.status).toBe(401)
      const { title, detail } = unknownEmail.body as { title?: unknown; detail?: unknown }
      expect(wrongPassword.body).toMatchObject({ title, detail })
    },
  )

  test(
    'When a login token logs out, then logout answers 204 and the token is then a 401',
    { covers: [decisionRule(22), statusRule('logout', 204)] },
    async () => {
      // Arrange
      const { email, password } = credentials()
      const { token } = (await loginJson(email, password)).body as LoggedIn
      checkOwnSession(token)

      // Act
      const res = await call('DELETE', '/api/v1/logout', { token })
      const after = await catalogWith(token)

      // Assert
      expect(res).toMatchDocument()
      expect(res.status).toBe(204)
      expect(after).toMatchDocument()
      expect(after.status).toBe(401)
    },
  )

  test(
    'When a login token was revoked by logout, or has expired (when its expires_at comes within 5 s), then every operation that needs a token answers 401 with WWW-Authenticate: Bearer error="invalid_token"',
    { covers: [decisionRule(22), statusRule('logout', 204)] },
    async () => {
      // Arrange
      const { email, password } = credentials()
      const revoked = (await loginJson(email, password)).body as LoggedIn
      const expiring = (await loginJson(email, password)).body as LoggedIn
      checkOwnSession(revoked.token)
      checkOwnSession(expiring.token)
      await call('DELETE', '/api/v1/logout', { token: revoked.token })
      const expiresIn =
        expiring.expires_at === null ? Infinity : Date.parse(expiring.expires_at) - Date.now()

      // Act
      const afterLogout = await notRefused(revoked.token)
      const afterExpiry =
        expiresIn > EXPIRY_WAIT_MS
          ? []
          : await new Promise((done) => setTimeout(done, Math.max(0, expiresIn) + 50)).then(() =>
              notRefused(expiring.token),
            )

      // Assert
      expect({ afterLogout, afterExpiry }).toEqual({ afterLogout: [], afterExpiry: [] })
    },
  )

  test(
    'When logout comes without a token, then it is a 401 problem',
    { covers: [statusRule('logout', 401), headerRule('logout', 401, 'WWW-Authenticate')] },
    async () => {
      // Act
      const res = await call('DELETE', '/api/v1/logout', { token: null })

      // Assert
      expect(res).toMatchDocument()
      expect(res.status).toBe(401)
    },
  )
})
