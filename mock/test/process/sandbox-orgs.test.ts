// Isolated orgs for parallel tests (POST/DELETE /__admin/orgs), over a real port.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { loadDocument } from '../../../openapi/document-files.ts'
import { startMock, type RunningMock } from '../../process/start-mock.ts'

interface OrgUser {
  id: string
  name: string
  email: string
  password: string
  token: string
}
interface Sandbox {
  org_id: string
  users: OrgUser[]
}
interface Listed {
  id: string
  first_name: string
}

const dir = mkdtempSync(join(tmpdir(), 'sandbox-orgs-'))
const dbFile = join(dir, 'db.json')
let mock: RunningMock

beforeAll(async () => {
  mock = await startMock({ dbFile, validateResponses: true })
})
afterAll(async () => {
  await mock.close()
  rmSync(dir, { recursive: true, force: true })
})

const json = { 'Content-Type': 'application/json' }

async function createOrg(body: object): Promise<Sandbox> {
  const res = await fetch(`${mock.url}/__admin/orgs`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(body),
  })
  expect(res.status).toBe(201)
  return (await res.json()) as Sandbox
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })

async function contactsOf(orgId: string, token: string): Promise<Listed[]> {
  const url = `${mock.url}/api/v1/orgs/${orgId}/contacts?include[]=deleted&limit=100`
  const res = await fetch(url, { headers: bearer(token) })
  expect(res.status).toBe(200)
  return ((await res.json()) as { contacts: Listed[] }).contacts
}

/** Every org-scoped path of the document, filled with the org's own record ids. */
function orgScopedRequests(ids: Record<string, string>): { method: string; url: string }[] {
  const paths = loadDocument().paths ?? {}
  return Object.entries(paths).flatMap(([template, item]) => {
    if (!template.includes('{org_id}') || item === undefined) return []
    const url = template.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? 'missing')
    return (['get', 'post', 'patch', 'delete'] as const)
      .filter((method) => item[method] !== undefined)
      .map((method) => ({ method: method.toUpperCase(), url }))
  })
}

describe('POST /__admin/orgs', () => {
  test("When two orgs are created in parallel, then each sees only its own records, and every operation with the other one's token is refused", async () => {
    // Act
    const [a, b] = await Promise.all([
      createOrg({ contacts: 12, seed: 7 }),
      createOrg({ contacts: 12, seed: 7 }),
    ])
    const [aliceOfA, bobOfA] = a.users
    const [userOfB] = b.users
    if (!aliceOfA || !bobOfA || !userOfB) throw new Error('each org must have two users')

    // Assert: same seed, same contents, no shared id
    expect(a.users).toHaveLength(2)
    expect(a.org_id).not.toBe(b.org_id)
    const seenByA = await contactsOf(a.org_id, aliceOfA.token)
    const seenByB = await contactsOf(b.org_id, userOfB.token)
    expect(seenByA).toHaveLength(12)
    expect(seenByA.map((c) => c.first_name)).toEqual(seenByB.map((c) => c.first_name))
    const idsOfB = new Set(seenByB.map((c) => c.id))
    expect(seenByA.some((c) => idsOfB.has(c.id))).toBe(false)
    expect(await contactsOf(a.org_id, bobOfA.token)).toHaveLength(12)

    // Assert: B's token reaches none of A's operations; A's tokens reach no fixture org
    const relationships = await fetch(`${mock.url}/api/v1/orgs/${a.org_id}/user_relationships`, {
      headers: bearer(aliceOfA.token),
    })
    const [relationship] = ((await relationships.json()) as { user_relationships: Listed[] })
      .user_relationships
    const requests = orgScopedRequests({
      org_id: a.org_id,
      contact_id: seenByA[0]?.id ?? 'none',
      user_relationship_id: relationship?.id ?? 'none',
    })
    expect(requests.length).toBeGreaterThanOrEqual(8)
    for (const { method, url } of requests) {
      const res = await fetch(mock.url + url, {
        method,
        headers: { ...bearer(userOfB.token), ...json },
        body: method === 'GET' || method === 'DELETE' ? undefined : '{}',
      })
      expect(`${method} ${url} → ${String(res.status)}`).toBe(`${method} ${url} → 403`)
    }
    const fixtureOrg = await fetch(`${mock.url}/api/v1/orgs/${mock.orgs['acme'] ?? ''}/contacts`, {
      headers: bearer(aliceOfA.token),
    })
    expect(fixtureOrg.status).toBe(403)
    expect(await contactsOf(a.org_id, aliceOfA.token)).toHaveLength(12)
  })

  test('When an org is deleted, then its tokens are 401 and the other org is whole, after a restart too', async () => {
    // Arrange
    const gone = await createOrg({ contacts: 5, seed: 1 })
    const kept = await createOrg({ contacts: 9 })
    const [goneUser] = gone.users
    const [keptUser] = kept.users
    if (!goneUser || !keptUser) throw new Error('each org must have two users')
    const before = await contactsOf(kept.org_id, keptUser.token)

    // Act
    const deleted = await fetch(`${mock.url}/__admin/orgs/${gone.org_id}`, {
      method: 'DELETE',
      headers: json,
    })
    await mock.close()
    mock = await startMock({ dbFile, validateResponses: true })

    // Assert
    expect(deleted.status).toBe(204)
    const res = await fetch(`${mock.url}/api/v1/orgs/${gone.org_id}/contacts`, {
      headers: bearer(goneUser.token),
    })
    expect(res.status).toBe(401)
    expect(await contactsOf(kept.org_id, keptUser.token)).toEqual(before)
    const again = await fetch(`${mock.url}/__admin/orgs/${gone.org_id}`, {
      method: 'DELETE',
      headers: json,
    })
    expect(again.status).toBe(404)
  })

  test('When a sandbox user logs in with the password answered, then the token reaches the org', async () => {
    // Arrange
    const org = await createOrg({})
    const [user] = org.users
    if (!user) throw new Error('the org must have users')

    // Act
    const login = await fetch(`${mock.url}/api/v1/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ user: { email: user.email, password: user.password } }),
    })
    const { token } = (await login.json()) as { token: string }

    // Assert
    expect(login.status).toBe(200)
    expect(await contactsOf(org.org_id, token)).toHaveLength(30)
  })

  test('When the request asks for too many contacts, then it is a 422 naming the field and no org is made', async () => {
    // Arrange
    const orgCount = async (): Promise<number> => {
      const exported = await fetch(`${mock.url}/__admin/export`)
      return ((await exported.json()) as { orgs: unknown[] }).orgs.length
    }
    const before = await orgCount()

    // Act
    const res = await fetch(`${mock.url}/__admin/orgs`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ contacts: 1_000_000 }),
    })

    // Assert
    expect(res.status).toBe(422)
    expect(JSON.stringify(await res.json())).toContain('contacts')
    expect(await orgCount()).toBe(before)
  })

  test('When the request has no body, then the org gets the documented defaults', async () => {
    // Act
    const res = await fetch(`${mock.url}/__admin/orgs`, { method: 'POST', headers: json })
    const org = (await res.json()) as Sandbox & { name: string }

    // Assert
    expect(res.status).toBe(201)
    expect(org.name).toBe('Sandbox')
    expect(await contactsOf(org.org_id, org.users[0]?.token ?? '')).toHaveLength(30)
  })
})
