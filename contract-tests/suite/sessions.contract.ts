// POST /api/v1/login and DELETE /api/v1/logout (decision 22): skipped, naming the settings, unless
// CONTRACT_EMAIL and CONTRACT_PASSWORD are given (the bundled mock gets Alice's). Every session a
// login opens is logged out after the file (support/records.ts), the run's own tokens never.
import { call, type ApiResponse } from './support/api.ts'
import { contractEnv } from './support/env.ts'
import { describeIf, type Needs } from './support/gates.ts'
import { checkOwnSession } from './support/probes.ts'
import { expect, test } from './support/test-api.ts'

const LOGIN: Needs = { writes: true, variables: ['CONTRACT_EMAIL', 'CONTRACT_PASSWORD'] }

interface LoggedIn {
  token: string
  token_type: string
  user: { email: string }
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
  test('When the user logs in with JSON, then the answer is a bearer token that authenticates', async () => {
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
  })

  test('When the user logs in with a form, then it answers 200 like JSON', async () => {
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
  })

  test('When the password is wrong or the email unknown, then both are the same 401 problem', async () => {
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
  })

  test('When a login token logs out, then logout answers 204 and the token is then a 401', async () => {
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
  })

  test('When logout comes without a token, then it is a 401 problem', async () => {
    // Act
    const res = await call('DELETE', '/api/v1/logout', { token: null })

    // Assert
    expect(res).toMatchDocument()
    expect(res.status).toBe(401)
  })
})
