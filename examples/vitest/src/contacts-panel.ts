// A component of an app, as a test sees it: it calls the Contacts API with the platform's fetch,
// and renders what it gets (text lines here; a framework's component would render elements).
// Nothing in it knows that, in its tests, MSW hands those requests to the mock.

export interface PanelOptions {
  /** Where the API is, e.g. `https://api.example.com`. */
  apiUrl: string
  orgId: string
  token: string
}

interface ContactRow {
  first_name: string
  last_name?: string | null
}

interface Problem {
  status: number
  title: string
}

export interface ContactsPanel {
  /** The lines the panel shows: a line per contact, or the problem the API answered. */
  render: () => Promise<string[]>
  add: (firstName: string, lastName?: string) => Promise<void>
}

export function createContactsPanel({ apiUrl, orgId, token }: PanelOptions): ContactsPanel {
  const contacts = `${apiUrl}/api/v1/orgs/${orgId}/contacts`
  const headers = { Authorization: `Bearer ${token}` }
  return {
    async render() {
      const response = await fetch(`${contacts}?limit=100`, { headers })
      if (!response.ok) {
        const { status, title } = (await response.json()) as Problem
        return [`Could not load the contacts: ${String(status)} ${title}`]
      }
      const { contacts: rows } = (await response.json()) as { contacts: ContactRow[] }
      return rows.map((row) => [row.first_name, row.last_name].filter(Boolean).join(' '))
    },
    async add(firstName, lastName) {
      const response = await fetch(contacts, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          contact: { first_name: firstName, last_name: lastName, relationship_type: 1 },
        }),
      })
      if (!response.ok) throw new Error(`The contact was not added: ${String(response.status)}`)
    },
  }
}
