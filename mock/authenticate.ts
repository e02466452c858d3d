import type { User } from './data.ts'
import { HttpError } from './problem.ts'
import type { Repositories } from './repositories.ts'

const BEARER = /^bearer +([^\s]+) *$/i

/** 401 for a missing, malformed or unknown token; 403 for an org the user is not a member of. */
export async function authenticate(
  repositories: Repositories,
  authorization: string | undefined,
  orgId: string | undefined,
): Promise<User> {
  const token = BEARER.exec(authorization ?? '')?.[1]
  if (token === undefined) {
    throw new HttpError(401, "Send the header 'Authorization: Bearer <token>'.", {
      headers: { 'WWW-Authenticate': 'Bearer' },
    })
  }
  const user = await repositories.users.byToken(token)
  if (!user) {
    throw new HttpError(401, 'The bearer token is not valid.', {
      headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
    })
  }
  if (orgId !== undefined && !user.org_ids.includes(orgId)) {
    throw new HttpError(403, `The token's user is not a member of organization ${orgId}.`)
  }
  return user
}
