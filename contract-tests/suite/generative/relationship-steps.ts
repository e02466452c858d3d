// The user relationship steps of the generative phase (the contact steps are in contact-steps.ts):
// create one to a contact of the sequence (several per contact, whatever its state), patch its
// anniversary date, delete it, fetch it. Bodies are drawn as the contacts' are (body-plans.ts).
import { contractEnv } from '../support/env.ts'
import { bodyOf, pathOf } from './document-fields.ts'
import { bodyRequest, bodyValue, describePlan, type BodyPlan } from './body-plans.ts'
import { Step } from './contact-steps.ts'
import { createdId, describePick, pickId, send, type Pick, type World } from './world.ts'

const orgId = (): string => contractEnv().orgId

/** The catalog's type ids, read once per sequence (through its session, which binds them). */
async function typesOf(world: World): Promise<string[]> {
  if (world.types !== undefined) return world.types
  const res = await send(world, 'GET', pathOf('listRelationshipTypes', ''))
  const body: unknown = res.body
  const list =
    typeof body === 'object' && body !== null
      ? (Object.values(body).find((value): value is unknown[] => Array.isArray(value)) ?? [])
      : []
  const ids = list.flatMap((item: unknown) => {
    const id: unknown =
      typeof item === 'object' && item !== null ? Reflect.get(item, 'id') : undefined
    return typeof id === 'string' ? [id] : []
  })
  const configured = contractEnv().relationshipId
  world.types = configured === undefined ? ids : [configured]
  return world.types
}

/** The fields a relationship's create takes from the sequence rather than from a draw. */
export const PINNED = ['contact_id', 'relationship_id']

export class CreateRelationship extends Step {
  readonly contact: Pick
  readonly type: number
  readonly plan: BodyPlan
  constructor(contact: Pick, type: number, plan: BodyPlan) {
    super()
    this.contact = contact
    this.type = type
    this.plan = plan
  }
  async act(world: World): Promise<void> {
    const types = await typesOf(world)
    const pins = {
      contact_id: pickId(world.contacts, this.contact),
      relationship_id: types[this.type % Math.max(1, types.length)] ?? '',
    }
    const body = bodyValue(bodyOf('createUserRelationship'), this.plan, pins)
    const res = await send(world, 'POST', pathOf('createUserRelationship', orgId()), {
      ...bodyRequest(body, this.plan.encoding),
    })
    const id = createdId(res)
    if (id !== undefined) world.relationships.push(id)
  }
  toString = (): string =>
    `create a user relationship to ${describePick('contact', this.contact)}, type #${String(this.type)} (${describePlan(bodyOf('createUserRelationship'), this.plan)})`
}

/** Several relationships to one contact, each of a drawn type and body. */
export class CreateRelationships extends Step {
  readonly contact: Pick
  readonly each: readonly { type: number; plan: BodyPlan }[]
  constructor(contact: Pick, each: readonly { type: number; plan: BodyPlan }[]) {
    super()
    this.contact = contact
    this.each = each
  }
  async act(world: World): Promise<void> {
    for (const { type, plan } of this.each) {
      await new CreateRelationship(this.contact, type, plan).act(world)
    }
  }
  toString = (): string =>
    `create ${String(this.each.length)} user relationships to ${describePick('contact', this.contact)}: ${this.each
      .map(
        ({ type, plan }) =>
          `type #${String(type)} (${describePlan(bodyOf('createUserRelationship'), plan)})`,
      )
      .join(', ')}`
}

export class PatchRelationship extends Step {
  readonly pick: Pick
  readonly plan: BodyPlan
  constructor(pick: Pick, plan: BodyPlan) {
    super()
    this.pick = pick
    this.plan = plan
  }
  async act(world: World): Promise<void> {
    const id = pickId(world.relationships, this.pick)
    const body = bodyValue(bodyOf('updateUserRelationship'), this.plan)
    await send(world, 'PATCH', pathOf('updateUserRelationship', orgId(), id), {
      ...bodyRequest(body, this.plan.encoding),
    })
  }
  toString = (): string =>
    `patch ${describePick('user relationship', this.pick)} (${describePlan(bodyOf('updateUserRelationship'), this.plan)})`
}

export class DeleteRelationship extends Step {
  readonly pick: Pick
  constructor(pick: Pick) {
    super()
    this.pick = pick
  }
  async act(world: World): Promise<void> {
    const id = pickId(world.relationships, this.pick)
    await send(world, 'DELETE', pathOf('deleteUserRelationship', orgId(), id))
  }
  toString = (): string => `delete ${describePick('user relationship', this.pick)}`
}

export class FetchRelationship extends Step {
  readonly pick: Pick
  constructor(pick: Pick) {
    super()
    this.pick = pick
  }
  async act(world: World): Promise<void> {
    const id = pickId(world.relationships, this.pick)
    await send(world, 'GET', pathOf('getUserRelationship', orgId(), id))
  }
  toString = (): string => `fetch ${describePick('user relationship', this.pick)}`
}

/** After each sequence: every user relationship it created, fetched (their lists span users). */
export async function observeRelationships(world: World): Promise<void> {
  for (const id of world.relationships) {
    await send(world, 'GET', pathOf('getUserRelationship', orgId(), id))
  }
}
