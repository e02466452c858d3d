// The sandboxes this server made: each an isolated org of the mock (POST /__admin/orgs) with its
// users and their tokens, known by a name. A tool is given a sandbox's name and shows only that
// sandbox's tokens; orgs this server did not make (the fixtures', other agents') it never shows.
import type { components } from '../../openapi/admin-types.ts'
import { callAdmin, callMock, ToolError, type MockLink } from './mock-link.ts'
import { UNRECORDED_HEADER } from '../face/recorder.ts'

/** What an org is made from; the admin API's defaults fill in what is left out. */
type OrgRequest = Partial<components['schemas']['OrgRequest']>
export type OrgCreated = components['schemas']['OrgCreated']
export type OrgUser = components['schemas']['OrgUser']

export interface Sandbox extends OrgCreated {
  /** What it was made from: a reset makes it again from the same. */
  made: OrgRequest
}

export const identitiesUri = (name: string): string =>
  `contacts-mock://sandboxes/${encodeURIComponent(name)}/identities`

/** What a tool answers about a sandbox: the org, its users with their tokens, where they are. */
export const describeSandbox = ({ made: _made, ...org }: Sandbox) => ({
  ...org,
  identities: identitiesUri(org.name),
})

export function createSandboxes(link: MockLink) {
  const byName = new Map<string, Sandbox>()
  // what each snapshot this server saved held: a restore brings these sandboxes back
  const saved = new Map<string, Sandbox[]>()

  const make = async (made: OrgRequest): Promise<Sandbox> => {
    const org = await callAdmin<OrgCreated>(link, 'POST', '/__admin/orgs', made)
    if (org === undefined) throw new ToolError('POST /__admin/orgs answered no org')
    const sandbox = { ...org, made }
    byName.set(org.name, sandbox)
    return sandbox
  }

  const get = (name: string): Sandbox => {
    const sandbox = byName.get(name)
    if (sandbox) return sandbox
    const known = [...byName.keys()]
    throw new ToolError(
      `There is no sandbox '${name}': ${known.length === 0 ? 'create one with sandbox_create' : `the sandboxes are ${known.join(', ')}`}.`,
    )
  }

  /** Whether a sandbox's org still answers its first user: a restore may have taken it away. */
  const exists = async (sandbox: Sandbox): Promise<boolean> => {
    const [user] = sandbox.users
    if (user === undefined) return false
    const answer = await callMock(link, 'GET', `/api/v1/orgs/${sandbox.org_id}/contacts?limit=1`, {
      // the inspector shows the agent's requests, not this look
      headers: { Authorization: `Bearer ${user.token}`, [UNRECORDED_HEADER]: 'mcp' },
    })
    return answer.status === 200
  }

  return {
    get,
    list: (): Sandbox[] => [...byName.values()],

    async create(request: OrgRequest): Promise<Sandbox> {
      let name = request.name
      if (name === undefined) {
        let number = byName.size + 1
        while (byName.has(`sandbox-${String(number)}`)) number++
        name = `sandbox-${String(number)}`
      } else if (byName.has(name)) {
        throw new ToolError(`A sandbox named '${name}' exists already: pick another name.`)
      }
      return make({ ...request, name })
    },

    /** The sandbox made again from what it was made from: the same contents, new ids and tokens. */
    async reset(name: string): Promise<Sandbox> {
      const sandbox = get(name)
      try {
        await callAdmin(link, 'DELETE', `/__admin/orgs/${sandbox.org_id}`)
      } catch (error) {
        // already gone (a snapshot restored, the mock reset): made again all the same
        if (!(error instanceof ToolError && error.status === 404)) throw error
      }
      byName.delete(name)
      return make(sandbox.made)
    },

    /** Remembers which sandboxes a snapshot holds. */
    saved(snapshot: string): void {
      saved.set(snapshot, structuredClone([...byName.values()]))
    },

    /** After a restore: the sandboxes the snapshot held (else those known), that still exist. */
    async restored(snapshot: string): Promise<Sandbox[]> {
      const candidates = new Map(
        [...byName.values(), ...(saved.get(snapshot) ?? [])].map((item) => [item.name, item]),
      )
      byName.clear()
      for (const [name, sandbox] of candidates) {
        if (await exists(sandbox)) byName.set(name, sandbox)
      }
      return [...byName.values()]
    },
  }
}

export type Sandboxes = ReturnType<typeof createSandboxes>
