// What the log proxy must never see from a run: a write that reaches a record the run did not
// create, or a probe that could change shared data (a collection, the catalog, logout) sent with
// one of the fixture users' tokens.
import { ALICE, BOB, CAROL } from '../../fixtures/identities.ts'
import type { Exchange } from './faulty/proxy.ts'

const RECORD = /^\/api\/v1\/orgs\/[^/]+\/(contacts|user_relationships)\/([^/]+)$/
const COLLECTION = /^\/api\/v1\/orgs\/[^/]+\/(contacts|user_relationships)$/
const FIXTURE_TOKENS = [ALICE.token, BOB.token, CAROL.token]
/** Answers that show nothing was changed: no credentials, no membership, no record, no method. */
const UNTOUCHED = [401, 403, 404, 405]

const isWrite = (method: string): boolean => !['GET', 'HEAD', 'OPTIONS'].includes(method)
const withFixtureToken = ({ authorization }: Exchange): boolean =>
  FIXTURE_TOKENS.some((token) => authorization?.trim().endsWith(` ${token}`) === true)

/** One line per request that broke the rules above; empty when the run was safe. */
export function unsafeRequests(exchanges: readonly Exchange[]): string[] {
  const created = new Set<string>()
  const unsafe: string[] = []
  for (const exchange of exchanges) {
    const path = new URL(exchange.url, 'http://proxy').pathname
    const record = RECORD.exec(path)
    const line = `${exchange.method} ${exchange.url} → ${String(exchange.status)}`
    if (isWrite(exchange.method)) {
      if (record !== null) {
        const id = decodeURIComponent(record[2] ?? '')
        if (!created.has(id) && !UNTOUCHED.includes(exchange.status)) {
          unsafe.push(`${line}: a record the run did not create`)
        }
      } else if (
        !(exchange.method === 'POST' && COLLECTION.test(path)) &&
        withFixtureToken(exchange)
      ) {
        unsafe.push(`${line}: a probe of shared data with a real token`)
      }
    }
    if (exchange.createdId !== undefined) created.add(exchange.createdId)
  }
  return unsafe
}
