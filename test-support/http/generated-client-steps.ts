// Run by mock/test/http/generated-client.test.ts in a process of its own, under tsx, which loads the
// generated TypeScript as it is: `node --import tsx generated-client-steps.ts <generator> <client
// dir> <url>`. Creates a contact, fetches it with include[], patches and deletes it through the
// client a generator wrote from the document (generated-client-calls.ts), used as its
// documentation shows, and prints one JSON line per step.
import {
  GENERATORS,
  INCLUDE,
  loadCalls,
  type Generator,
  type StepContact,
} from './generated-client-calls.ts'

export type { Generator, StepContact }

/** What one step answered: the record, or the generated client's error (status and body). */
export type StepResult =
  { step: string; contact: StepContact | null } | { step: string; status: number; body: unknown }

const hasStatus = (error: unknown): error is { status: number; body: unknown } =>
  typeof error === 'object' && error !== null && 'status' in error && 'body' in error

async function runSteps(generator: Generator, clientDir: string, baseUrl: string): Promise<void> {
  const contacts = await loadCalls(generator, clientDir, baseUrl)
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
        const created = await contacts.create({
          contact: { first_name: 'Gen', last_name: 'Erated', relationship_type: 2 },
        })
        id = created.id
        return created
      },
    ],
    ['fetch', () => contacts.fetch(id, INCLUDE[generator])],
    ['patch', () => contacts.patch(id, { contact: { job_title: 'Pilot' } })],
    [
      'delete',
      async () => {
        await contacts.remove(id)
        return null
      },
    ],
    ['read', () => contacts.fetch(id)],
  ]
  for (const [name, act] of steps) if (!(await step(name, act))) return
}

const [generator, clientDir, baseUrl] = process.argv.slice(2)
if (
  !GENERATORS.includes(generator as Generator) ||
  clientDir === undefined ||
  baseUrl === undefined
) {
  throw new Error(
    `usage: generated-client-steps.ts <${GENERATORS.join('|')}> <client dir> <base URL>`,
  )
}
await runSteps(generator as Generator, clientDir, baseUrl)
