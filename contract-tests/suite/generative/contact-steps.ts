// The contact steps of the generative phase, each drawn from the document's operations: create
// (one, or many: an own list longer than the largest page), patch, delete or purge (in the query
// or the body), fetch with include[] groups, and list (search, include[]=deleted, page, limit).
// A step only sends; what the answer should be is the reference model's (world.ts judges it).
import type { AsyncCommand } from 'fast-check'
import { contractEnv } from '../support/env.ts'
import { bodyOf, itemValues, pageBounds, parameterView, pathOf } from './document-fields.ts'
import {
  bodyRequest,
  bodyValue,
  describePlan,
  textOf,
  type Alphabet,
  type BodyPlan,
} from './body-plans.ts'
import { createdId, describePick, pickId, queryOf, send, type Pick, type World } from './world.ts'

/** The phase keeps no model: fast-check's is an empty one. */
export type Model = Record<string, never>

export abstract class Step implements AsyncCommand<Model, World> {
  check = (): boolean => true
  abstract act(world: World): Promise<void>
  abstract toString(): string
  async run(_model: Model, world: World): Promise<void> {
    await this.act(world)
  }
}

const orgId = (): string => contractEnv().orgId

/** A value the document does not accept for an enum or a bound: the first one plus a letter. */
export const notInEnum = (values: readonly string[]): string => `${values[0] ?? 'value'}x`

export class CreateContact extends Step {
  readonly plan: BodyPlan
  constructor(plan: BodyPlan) {
    super()
    this.plan = plan
  }
  async act(world: World): Promise<void> {
    const spec = bodyOf('createContact')
    const body = bodyValue(
      spec,
      this.plan,
      {},
      {
        field: world.carrier,
        prefix: `${world.word}${world.stem}`,
        always: true,
      },
    )
    const res = await send(world, 'POST', pathOf('createContact', orgId()), {
      ...bodyRequest(body, this.plan.encoding),
    })
    const id = createdId(res)
    if (id !== undefined) world.contacts.push(id)
  }
  toString = (): string => `create a contact (${describePlan(bodyOf('createContact'), this.plan)})`
}

/** Many plain contacts at once: a list of the sequence longer than one page, at times the largest. */
export class CreateContacts extends Step {
  readonly count: number
  constructor(count: number) {
    super()
    this.count = count
  }
  async act(world: World): Promise<void> {
    for (let index = 0; index < this.count; index += 1) {
      const res = await send(world, 'POST', pathOf('createContact', orgId()), {
        json: {
          contact: {
            first_name: 'Many',
            relationship_type: 1,
            [world.carrier]: `${world.word}${world.stem}${String(index)}`,
          },
        },
      })
      const id = createdId(res)
      if (id !== undefined) world.contacts.push(id)
    }
  }
  toString = (): string => `create ${String(this.count)} contacts`
}

export class PatchContact extends Step {
  readonly pick: Pick
  readonly plan: BodyPlan
  constructor(pick: Pick, plan: BodyPlan) {
    super()
    this.pick = pick
    this.plan = plan
  }
  async act(world: World): Promise<void> {
    const spec = bodyOf('updateContact')
    const body = bodyValue(
      spec,
      this.plan,
      {},
      {
        field: world.carrier,
        prefix: `${world.word}${world.stem}`,
        always: false,
      },
    )
    const id = pickId(world.contacts, this.pick)
    await send(world, 'PATCH', pathOf('updateContact', orgId(), id), {
      ...bodyRequest(body, this.plan.encoding),
    })
  }
  toString = (): string =>
    `patch ${describePick('contact', this.pick)} (${describePlan(bodyOf('updateContact'), this.plan)})`
}

export interface DeletePlan {
  pick: Pick
  /** soft_delete in the query: absent, one of the document's values, or one it refuses. */
  query: { kind: 'absent' } | { kind: 'value'; index: number } | { kind: 'refused' }
  /** The body's soft_delete, drawn from the body's schema, in one of its encodings. */
  body: { kind: 'absent' } | { kind: 'value'; plan: BodyPlan }
}

export class DeleteContact extends Step {
  readonly plan: DeletePlan
  constructor(plan: DeletePlan) {
    super()
    this.plan = plan
  }
  async act(world: World): Promise<void> {
    const { query, body } = this.plan
    const values = parameterView('deleteContact', 'soft_delete')?.enum?.map(String) ?? []
    const name = 'soft_delete'
    const pairs: [string, string][] =
      query.kind === 'absent'
        ? []
        : query.kind === 'refused'
          ? [[name, notInEnum(values)]]
          : [[name, values[query.index % Math.max(1, values.length)] ?? '']]
    const id = pickId(world.contacts, this.plan.pick)
    const request =
      body.kind === 'absent'
        ? {}
        : bodyRequest(bodyValue(bodyOf('deleteContact'), body.plan), body.plan.encoding)
    await send(world, 'DELETE', pathOf('deleteContact', orgId(), id), {
      query: queryOf(pairs),
      ...request,
    })
  }
  toString = (): string => {
    const { query, body } = this.plan
    const values = parameterView('deleteContact', 'soft_delete')?.enum?.map(String) ?? []
    const inQuery =
      query.kind === 'absent'
        ? ''
        : query.kind === 'refused'
          ? `, soft_delete=${notInEnum(values)} in the query`
          : `, soft_delete=${values[query.index % Math.max(1, values.length)] ?? ''} in the query`
    const inBody =
      body.kind === 'absent' ? '' : `, a body (${describePlan(bodyOf('deleteContact'), body.plan)})`
    return `delete ${describePick('contact', this.plan.pick)}${inQuery}${inBody}`
  }
}

export class FetchContact extends Step {
  readonly pick: Pick
  /** Indexes into the document's include[] values; a refused value when `refused`. */
  readonly groups: number[]
  readonly refused: boolean
  constructor(pick: Pick, groups: number[], refused: boolean) {
    super()
    this.pick = pick
    this.groups = groups
    this.refused = refused
  }
  private include(): string[] {
    const values = itemValues('getContact', 'include[]')
    const chosen = [
      ...new Set(this.groups.map((index) => values[index % Math.max(1, values.length)] ?? '')),
    ]
    return this.refused ? [...chosen, notInEnum(values)] : chosen
  }
  async act(world: World): Promise<void> {
    const id = pickId(world.contacts, this.pick)
    await send(world, 'GET', pathOf('getContact', orgId(), id), {
      query: queryOf(this.include().map((value) => ['include[]', value] as const)),
    })
  }
  toString = (): string =>
    `fetch ${describePick('contact', this.pick)}${this.include()
      .map((value) => ` include[]=${value}`)
      .join('')}`
}

export interface ListPlan {
  deleted: boolean
  page: number
  /** `max`: the document's largest page; a number: that many (1 at least). */
  limit: 'max' | 'over' | number
  /** The search: the word, the word and stem (cased otherwise), or those and more text. */
  search: 'word' | 'stem' | 'stem-upper' | { more: Alphabet }
}

/** The sequence's contacts, listed as the plan says. */
export async function listContacts(world: World, plan: ListPlan): Promise<unknown> {
  const { maxLimit } = pageBounds('listContacts')
  const limit =
    plan.limit === 'max'
      ? maxLimit
      : plan.limit === 'over'
        ? maxLimit + 1
        : Math.min(plan.limit, maxLimit)
  const search =
    plan.search === 'word'
      ? world.word
      : plan.search === 'stem'
        ? `${world.word}${world.stem}`
        : plan.search === 'stem-upper'
          ? `${world.word}${world.stem.toUpperCase()}`
          : `${world.word}${world.stem}${textOf(plan.search.more, 2)}`
  const pairs: [string, string][] = [
    ['search', search],
    ['page', String(plan.page)],
    ['limit', String(limit)],
    ...(plan.deleted ? ([['include[]', 'deleted']] as [string, string][]) : []),
  ]
  const res = await send(world, 'GET', pathOf('listContacts', orgId()), { query: queryOf(pairs) })
  return res.body
}

export class ListContacts extends Step {
  readonly plan: ListPlan
  constructor(plan: ListPlan) {
    super()
    this.plan = plan
  }
  async act(world: World): Promise<void> {
    await listContacts(world, this.plan)
  }
  toString = (): string => {
    const { deleted, page, limit, search } = this.plan
    const searched = typeof search === 'string' ? search : `stem and 2 ${search.more} letters`
    return `list the contacts (search: ${searched}, page ${String(page)}, limit ${String(limit)}${deleted ? ', include[]=deleted' : ''})`
  }
}

/**
 * After each sequence: its contacts, every page at the largest limit, with and without the
 * deleted ones (the list of a step may have looked at one page only).
 */
export async function observeContacts(world: World): Promise<void> {
  const { maxLimit, minPage } = pageBounds('listContacts')
  for (const deleted of [false, true]) {
    for (let page = minPage; page < minPage + 10; page += 1) {
      const body = await listContacts(world, { deleted, page, limit: 'max', search: 'word' })
      const count: unknown =
        typeof body === 'object' && body !== null ? Reflect.get(body, 'count') : 0
      if (typeof count !== 'number' || count <= (page - minPage + 1) * maxLimit) break
    }
  }
}
