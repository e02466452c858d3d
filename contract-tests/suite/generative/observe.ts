// What the target must show after every step: the contacts of the sequence (found by its word),
// with and without include[]=deleted, as the model has them: membership, count and first.
import { expect } from '../support/test-api.ts'
import type { Contact } from '../support/records.ts'
import { contactPath, send, type Model, type World } from './world.ts'

async function listPage(
  world: World,
  withDeleted: boolean,
): Promise<{ ids: string[]; count: number; first: number }> {
  const query: [string, string][] = [
    ['search', world.word],
    ['limit', '100'],
    ...(withDeleted ? ([['include[]', 'deleted']] as [string, string][]) : []),
  ]
  const res = await send(world, 'GET', contactPath(), { query })
  expect(res.status).toBe(200)
  const body = res.body as { contacts: Contact[]; count: number; first: number }
  return { ids: body.contacts.map((contact) => contact.id), count: body.count, first: body.first }
}

export async function observeContacts(model: Model, world: World): Promise<void> {
  for (const withDeleted of [false, true]) {
    const expected = model.contacts
      .filter((contact) => !contact.purged && (withDeleted || contact.deletedAt === null))
      .map((contact) => contact.id)
    const listed = await listPage(world, withDeleted)
    const list = `the list${withDeleted ? ' with include[]=deleted' : ''}`
    expect({ [list]: { ...listed, ids: [...listed.ids].sort() } }).toEqual({
      [list]: {
        ids: [...expected].sort(),
        count: expected.length,
        first: expected.length === 0 ? 0 : 1,
      },
    })
  }
}
