import { HttpError } from '../shared/problem.ts'
import { isSameSecret } from '../shared/secrets.ts'
import type { Handler } from './operation.ts'

/** Either part wrong: the same answer, so that it does not tell which (decision 22). */
const refused = (): HttpError =>
  new HttpError(401, 'The email or the password is not right.', {
    headers: { 'WWW-Authenticate': 'Bearer' },
  })

const login: Handler<'login'> = async ({ body, now }, repos) => {
  const { email, password } = body.user
  const user = await repos.users.byEmail(email)
  // the password is compared even for an unknown email, so both take the same time
  const matches = isSameSecret(password, user?.password ?? '')
  if (!user || !matches) throw refused()
  const session = await repos.sessions.open(user.id, now())
  return {
    status: 200,
    body: {
      token: session.token,
      token_type: 'Bearer',
      expires_at: session.expires_at,
      user: { id: user.id, name: user.name, email: user.email },
    },
  }
}

/** The fixtures' tokens never expire and are not revoked: only login tokens are. */
const logout: Handler<'logout'> = async ({ token }, repos) => {
  if (token !== undefined) await repos.sessions.revoke(token)
  return { status: 204 }
}

export const sessionHandlers = { login, logout }
