// The page's client of the Contacts API: plain fetch to the page's own origin, as against a real
// backend. Nothing here knows the answers come from a mock.

export interface Problem {
  status: number
  title: string
  detail?: string
}

/** An answer that was not a 2xx: its problem+json body. */
export class ProblemError extends Error {
  readonly problem: Problem

  constructor(problem: Problem) {
    super(`${String(problem.status)} ${problem.title}`)
    this.problem = problem
  }
}

export interface ContactRow {
  id: string
  first_name: string
  last_name?: string | null
}

export interface ContactsApi {
  /** Acme's contacts (the first 100); `prefer` is sent as the `Prefer` header. */
  list: (prefer?: string) => Promise<{ contacts: ContactRow[]; count: number }>
  create: (contact: { first_name: string; last_name?: string }) => Promise<ContactRow>
}

export function createContactsApi(orgId: string, token: string): ContactsApi {
  const contacts = `/api/v1/orgs/${orgId}/contacts`
  async function call<T>(url: string, init: RequestInit = {}): Promise<T> {
    const headers = new Headers(init.headers)
    headers.set('Authorization', `Bearer ${token}`)
    const response = await fetch(url, { ...init, headers })
    const body: unknown = await response.json()
    if (!response.ok) throw new ProblemError(body as Problem)
    return body as T
  }
  return {
    list: (prefer) => call(`${contacts}?limit=100`, prefer ? { headers: { Prefer: prefer } } : {}),
    create: (contact) =>
      call(contacts, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ contact: { ...contact, relationship_type: 1 } }),
      }),
  }
}
