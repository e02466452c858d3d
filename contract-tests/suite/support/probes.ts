// Probes: requests that expect a refusal (400, 405, 422). A server that wrongly accepts one must
// not change anything the run did not create, so a probe that could is sent where acceptance
// harms nothing: to a record id that cannot exist, with an invalid token, or with a session of
// its own (a DELETE /api/v1/logout accepted by mistake revokes that session, not the run's token).
import { randomUUID } from 'node:crypto'
import { nameSetting } from '../../runner/settings.ts'
import { call, type RequestOptions } from './api.ts'
import { contractEnv, runTokens } from './env.ts'
import { documentedOperations, writes, type Operation } from './operations.ts'

/** A bearer token no server knows: for probes where the answer comes before authentication. */
export const unknownTokenOptions = (): RequestOptions => ({
  authorization: `Bearer contract-probe-${randomUUID()}`,
})

/** Whether the path names a record (a path parameter other than the organization). */
export const namesRecord = ({ parameters }: Operation): boolean =>
  parameters.some((parameter) => parameter.in === 'path' && parameter.name !== 'org_id')

/**
 * A write that names no record and creates none (`DELETE /api/v1/logout`): accepted by mistake,
 * it changes what the run did not create. A POST to a collection creates, which cleanup removes.
 */
export const changesSharedState = (operation: Operation): boolean =>
  writes(operation) && !namesRecord(operation) && operation.method !== 'POST'

/** --email and --password (CONTRACT_EMAIL, CONTRACT_PASSWORD): a login of the probes' own. */
const credentials = (): { email: string; password: string } | undefined => {
  const { email, password } = contractEnv()
  return email === undefined || password === undefined ? undefined : { email, password }
}

export const OWN_SESSION_REASON =
  `needs ${nameSetting('email')} and ${nameSetting('password')}: ` +
  "sent with a session of its own, as accepted by mistake it could end the run's"

/** Why a probe of `operation` cannot be sent safely in this configuration; undefined: it can. */
export function probeSkipReason(operation: Operation): string | undefined {
  return changesSharedState(operation) && credentials() === undefined
    ? OWN_SESSION_REASON
    : undefined
}

/** The document's login: a POST that needs no credentials. */
const loginOperation = (): Operation | undefined =>
  documentedOperations().find(
    (operation) => operation.method === 'POST' && operation.security.length === 0,
  )

/**
 * Throws when a login handed out one of the run's own tokens: that is no session of its own, and
 * logging it out would end the run's access. The message names no token (output goes to CI logs).
 */
export function checkOwnSession(token: string): void {
  if (runTokens().includes(token)) {
    throw new Error(
      "The login handed out a token the run was given (--token or another), not a session of its own: it is not logged out, which would end the run's own access.",
    )
  }
}

/** A token of a session of its own, from the document's login with CONTRACT_EMAIL/PASSWORD. */
async function ownSessionToken(operation: Operation): Promise<string> {
  const login = loginOperation()
  const given = credentials()
  if (login === undefined || given === undefined) {
    throw new Error(
      `${operation.id} is only probed with a session of its own: ${OWN_SESSION_REASON}`,
    )
  }
  // The login body's shape (decision 22): user[email] and user[password].
  const res = await call('POST', login.template, { token: null, json: { user: given } })
  const token = (res.body as { token?: unknown } | undefined)?.token
  if (res.status !== 200 || typeof token !== 'string') {
    throw new Error(
      `the login for a session of its own answered ${String(res.status)}: ${res.text.slice(0, 300)}`,
    )
  }
  checkOwnSession(token)
  return token
}

/** Options that make a probe of `operation` safe: a session of its own when it needs one. */
export async function probeOptions(operation: Operation): Promise<RequestOptions> {
  return changesSharedState(operation) ? { token: await ownSessionToken(operation) } : {}
}
