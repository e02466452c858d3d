// What the log proxy must never see from a run: a write that reaches a record the run did not
// create, or a probe that could change shared data (a collection, the catalog, logout) sent with
// one of the fixture users' tokens.
import { ALICE, BOB, CAROL } from '../../fixtures/identities.ts'
import type { Exchange } from './faulty/proxy.ts'

const RECORD = /^\/api\/v1\/orgs\/[^/]+\/(contacts|user_relationships)\/([^/]+)$/
/** Where a POST creates (removed by cleanup) or changes nothing shared (a login). */
const POSTABLE = /^\/api\/v1\/(orgs\/[^/]+\/(contacts|user_relationships)|login)$/
const FIXTURE_TOKENS = [ALICE.token, BOB.token, CAROL.token]

const isWrite = (method: string): boolean => !['GET', 'HEAD', 'OPTIONS'].includes(method)
const withFixtureToken = ({ authorization }: Exchange): boolean =>
  FIXTURE_TOKENS.some((token) => authorization?.trim().endsWith(` ${token}`) === true)

/** One line per request that broke the rules above; empty when the run was safe. */
export function unsafeRequests(exchanges: readonly Exchange[]): string[] {
  const created = new Set<string>()
  // Records seen in any answer: a write to one of these that the run did not create is unsafe;
  // the random ids of refused probes name no record at all.
  const existing = new Set(exchanges.flatMap((exchange) => exchange.ids))
  const unsafe: string[] = []
  for (const exchange of exchanges) {
    const path = new URL(exchange.url, 'http://proxy').pathname
    const record = RECORD.exec(path)
    const line = `${exchange.method} ${exchange.url} → ${String(exchange.status)}`
    if (isWrite(exchange.method)) {
      if (record !== null) {
        const id = decodeURIComponent(record[2] ?? '')
        if (existing.has(id) && !created.has(id)) {
          unsafe.push(`${line}: a record the run did not create`)
        }
      } else if (
        !(exchange.method === 'POST' && POSTABLE.test(path)) &&
        withFixtureToken(exchange)
      ) {
        unsafe.push(`${line}: a probe of shared data with a real token`)
      }
    }
    if (exchange.createdId !== undefined) created.add(exchange.createdId)
  }
  return unsafe
}
