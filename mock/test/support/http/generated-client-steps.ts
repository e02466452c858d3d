// Run by mock/http/generated-client.test.ts in a process of its own, under tsx, which loads the
// generated TypeScript as it is: `node --import tsx generated-client-steps.ts <client dir> <url>`.
// Creates, patches and deletes a contact through a client that openapi-typescript-codegen generated
// from the document, used as its README shows, and prints one JSON line per step.
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ACME_ORG_ID, ALICE } from '../../../../fixtures/identities.ts'

export interface StepContact {
  id: string
  first_name: string
  relationship_type: number
  job_title: string | null
  deleted_at: string | null
}

/** What one step answered: the record, or the generated client's error (status and body). */
export type StepResult =
  { step: string; contact: StepContact | null } | { step: string; status: number; body: unknown }

interface ContactBody {
  contact: Record<string, unknown>
}

/** The part of the generated client the steps use (its own types stay in the temp folder). */
interface GeneratedClient {
  OpenAPI: { BASE: string; TOKEN?: string | undefined }
  ContactsService: {
    createContact: (orgId: string, body: ContactBody) => Promise<StepContact>
    updateContact: (orgId: string, id: string, body: ContactBody) => Promise<StepContact>
    deleteContact: (orgId: string, id: string) => Promise<void>
    getContact: (orgId: string, id: string) => Promise<StepContact>
  }
}

const hasStatus = (error: unknown): error is { status: number; body: unknown } =>
  typeof error === 'object' && error !== null && 'status' in error && 'body' in error

async function runSteps(clientDir: string, baseUrl: string): Promise<void> {
  const client = (await import(pathToFileURL(join(clientDir, 'index.ts')).href)) as GeneratedClient
  client.OpenAPI.BASE = baseUrl
  client.OpenAPI.TOKEN = ALICE.token
  const contacts = client.ContactsService
  const print = (result: StepResult): void => {
    process.stdout.write(`${JSON.stringify(result)}\n`)
  }
  const step = async (name: string, act: () => Promise<StepContact | null>): Promise<boolean> => {
    try {
      print({ step: name, contact: await act() })
      return true
    } catch (error) {
      if (!hasStatus(error)) throw error
      print({ step: name, status: error.status, body: error.body })
      return false
    }
  }
  let id = ''
  const steps: [string, () => Promise<StepContact | null>][] = [
    [
      'create',
      async () => {
        const created = await contacts.createContact(ACME_ORG_ID, {
          contact: { first_name: 'Gen', last_name: 'Erated', relationship_type: 2 },
        })
        id = created.id
        return created
      },
    ],
    ['patch', () => contacts.updateContact(ACME_ORG_ID, id, { contact: { job_title: 'Pilot' } })],
    [
      'delete',
      async () => {
        await contacts.deleteContact(ACME_ORG_ID, id)
        return null
      },
    ],
    ['read', () => contacts.getContact(ACME_ORG_ID, id)],
  ]
  for (const [name, act] of steps) if (!(await step(name, act))) return
}

const [clientDir, baseUrl] = process.argv.slice(2)
if (clientDir === undefined || baseUrl === undefined) {
  throw new Error('usage: generated-client-steps.ts <client dir> <base URL>')
}
await runSteps(clientDir, baseUrl)
