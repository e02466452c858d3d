import type { User } from '../../shared/data.ts'
import { HttpError } from '../../shared/problem.ts'
import type { Repositories } from '../../store/repositories.ts'

const BEARER = /^bearer +([^\s]+) *$/i

/** A login token's user, while the token lasts. */
async function sessionUser(
  repositories: Repositories,
  token: string,
  now: string,
): Promise<User | undefined> {
  const session = await repositories.sessions.find(token)
  if (!session || (session.expires_at !== null && session.expires_at <= now)) return undefined
  return repositories.users.byId(session.user_id)
}

/**
 * 401 for a missing, malformed, unknown, expired or revoked token; 403 for an org the user is not
 * a member of. The fixtures' tokens never expire; login tokens last `--token-ttl`.
 */
export async function authenticate(
  repositories: Repositories,
  authorization: string | undefined,
  orgId: string | undefined,
  now: string,
): Promise<{ user: User; token: string }> {
  const token = BEARER.exec(authorization ?? '')?.[1]
  if (token === undefined) {
    throw new HttpError(401, "Send the header 'Authorization: Bearer <token>'.", {
      headers: { 'WWW-Authenticate': 'Bearer' },
    })
  }
  const user =
    (await repositories.users.byToken(token)) ?? (await sessionUser(repositories, token, now))
  if (!user) {
    throw new HttpError(401, 'The bearer token is not valid.', {
      headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
    })
  }
  if (orgId !== undefined && !user.org_ids.includes(orgId)) {
    throw new HttpError(403, `The token's user is not a member of organization ${orgId}.`)
  }
  return { user, token }
}
