// The user relationship steps of the generative phase (the contact steps are in commands.ts).
import { expect } from '../support/test-api.ts'
import type { UserRelationship } from '../support/records.ts'
import { BaseStep } from './commands.ts'
import {
  pick,
  relationshipPath,
  send,
  type Model,
  type ModelRelationship,
  type World,
} from './world.ts'

const present = (item: ModelRelationship): boolean => !item.gone

export class DeleteRelationship extends BaseStep {
  readonly slot: number
  constructor(slot: number) {
    super()
    this.slot = slot
  }
  check = (model: Readonly<Model>): boolean => model.relationships.some(present)
  async act(model: Model, world: World): Promise<void> {
    const relationship = pick(model.relationships, this.slot, present)
    if (relationship === undefined) return
    const res = await send(world, 'DELETE', relationshipPath(relationship.id))
    // Always soft; again is a 204 too (the first deleted_at stays).
    expect(res.status).toBe(204)
    relationship.deleted = true
  }
  toString = (): string => `delete user relationship #${String(this.slot)}`
}

export class FetchRelationship extends BaseStep {
  readonly slot: number
  constructor(slot: number) {
    super()
    this.slot = slot
  }
  check = (model: Readonly<Model>): boolean => model.relationships.length > 0
  async act(model: Model, world: World): Promise<void> {
    const relationship = pick(model.relationships, this.slot, () => true)
    if (relationship === undefined) return
    const res = await send(world, 'GET', relationshipPath(relationship.id))
    if (relationship.gone) {
      expect(res.status).toBe(404)
      return
    }
    const body = res.body as UserRelationship
    expect({
      status: res.status,
      contact_id: body.contact_id,
      deleted: body.deleted_at !== null,
    }).toEqual({
      status: 200,
      contact_id: relationship.contactId,
      deleted: relationship.deleted,
    })
  }
  toString = (): string => `fetch user relationship #${String(this.slot)}`
}

/** The token owner's relationships (every page), with or without the deleted ones. */
async function listedIds(world: World, withDeleted: boolean): Promise<Set<string>> {
  const ids = new Set<string>()
  for (let page = 1; page <= 50; page += 1) {
    const query: [string, string][] = [
      ['limit', '100'],
      ['page', String(page)],
      ...(withDeleted ? ([['include[]', 'deleted']] as [string, string][]) : []),
    ]
    const res = await send(world, 'GET', relationshipPath(), { query })
    expect(res.status).toBe(200)
    const items = (res.body as { user_relationships: UserRelationship[] }).user_relationships
    for (const item of items) ids.add(item.id)
    if (items.length < 100) break
  }
  return ids
}

export class ListRelationships extends BaseStep {
  check = (model: Readonly<Model>): boolean => model.relationships.length > 0
  async act(model: Model, world: World): Promise<void> {
    const [plain, all] = [await listedIds(world, false), await listedIds(world, true)]
    const seen = (ids: Set<string>): string[] =>
      model.relationships.filter((item) => ids.has(item.id)).map((item) => item.id)
    expect({ listed: seen(plain), withDeleted: seen(all) }).toEqual({
      listed: model.relationships
        .filter((item) => !item.gone && !item.deleted)
        .map((item) => item.id),
      withDeleted: model.relationships.filter(present).map((item) => item.id),
    })
  }
  toString = (): string => 'list the user relationships, with and without include[]=deleted'
}
