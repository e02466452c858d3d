// A last look, after all test files: any contact of this run still there (even soft-deleted) is
// removed for good. Per-file cleanup should have left nothing; what is found here is reported.
import { call } from './api.ts'
import { fetchAllPages } from './pages.ts'
import { contractEnv, runMarker } from './env.ts'

const PAGE_LIMIT = 100
const MAX_PAGES = 20

interface Scope {
  orgId: string
  token: string
}

async function runContacts({ orgId, token }: Scope, marker: string): Promise<string[]> {
  const path = `/api/v1/orgs/${orgId}/contacts`
  const query = [
    ['include[]', 'deleted'],
    ['search', marker],
  ] as const
  const pages = await fetchAllPages<{ id: string }>(
    path,
    'contacts',
    PAGE_LIMIT,
    query,
    MAX_PAGES,
    token,
  )
  return pages
    .flatMap(({ items }) => items)
    .filter((contact) => JSON.stringify(contact).includes(marker))
    .map(({ id }) => id)
}

/** The text in every record of every run: what `contacts-contract sweep` looks for. */
export const ANY_RUN_MARKER = runMarker('')

/**
 * Purges what is left of this run (or, given ANY_RUN_MARKER, of every run); returns what it found.
 * Throws when something stays behind.
 */
export async function sweepRunRecords(marker: string = runMarker()): Promise<string[]> {
  const env = contractEnv()
  const scopes: Scope[] = [{ orgId: env.orgId, token: env.token }]
  if (env.foreignOrgId !== undefined && env.foreignToken !== undefined) {
    scopes.push({ orgId: env.foreignOrgId, token: env.foreignToken })
  }
  const found: string[] = []
  const remaining: string[] = []
  for (const scope of scopes) {
    const ids = await runContacts(scope, marker)
    for (const id of ids) {
      const path = `/api/v1/orgs/${scope.orgId}/contacts/${id}`
      found.push(path)
      // Whatever the DELETE answers (some servers say 200), the list below tells what is left.
      await call('DELETE', path, { token: scope.token, query: { soft_delete: 'false' } })
    }
    remaining.push(
      ...(await runContacts(scope, marker)).map((id) => `${scope.orgId}/contacts/${id}`),
    )
  }
  if (remaining.length > 0) {
    throw new Error(
      `Cleanup failed: records of ${marker} remain:\n${[...new Set(remaining)].join('\n')}`,
    )
  }
  return found
}
