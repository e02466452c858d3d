// The steps of the generative phase, each drawn from the document's operations. Contacts: create
// (one, or many: an own list longer than the largest page), patch, delete or purge (in the query
// or the body), fetch with include[] groups, and list (search, include[]=deleted, page, limit).
// User relationships: create one to a contact of the sequence (several per contact, whatever its
// state), patch its anniversary date, delete it, fetch it. A step only sends; what the answer
// should be is the reference model's (world.ts judges it).
import type { AsyncCommand } from 'fast-check'
import { propertyOf } from '../../runner/property-of.ts'
import type { RequestOptions } from '../support/api.ts'
import { contractEnv } from '../support/env.ts'
import { listedRecords } from '../support/oracle/compare-answers.ts'
import { bodyRequest, describePlan, textOf, type Alphabet, type BodyPlan } from './body-plans.ts'
import { bodyOf, itemValues, pageBounds, parameterView, type DrivenId } from './document-fields.ts'
import { describePick, noteCreated, pickId, send, type Pick, type World } from './world.ts'

/** The phase keeps no model: fast-check's is an empty one. */
export type Model = Record<string, never>
export type Step = AsyncCommand<Model, World>

/** A step: what it sends, and how a report names it. */
export const step = (label: string, act: (world: World) => Promise<unknown>): Step => ({
  check: () => true,
  run: async (_model, world) => {
    await act(world)
  },
  toString: () => label,
})

/** What a step may name: a record of the sequence, of the list the world keeps of that kind. */
const LISTS = { contact: 'contacts', 'user relationship': 'relationships' } as const

/** A step that sends to a record picked by a drawn number (or to an id no record has). */
const toPicked = (
  verb: string,
  id: DrivenId,
  [kind, pick]: [keyof typeof LISTS, Pick],
  detail = '',
  options: (world: World) => RequestOptions = () => ({}),
): Step =>
  step(`${verb} ${describePick(kind, pick)}${detail}`, (world) =>
    send(world, id, [pickId(world[LISTS[kind]], pick)], options(world)),
  )

/** The plan of a body of the operation, for a step's label. */
const planned = (id: DrivenId, plan: BodyPlan): string => ` (${describePlan(bodyOf(id), plan)})`

/** A value the document does not accept for an enum or a bound: the first one plus a letter. */
const notInEnum = (values: readonly string[]): string => `${values[0] ?? 'value'}x`

/** The value of a drawn index into the document's values. */
const valueAt = (values: readonly string[], index: number): string =>
  values[index % Math.max(1, values.length)] ?? ''

/** The sequence's word and stem in its carrier field; `always`: even where the plan omits it. */
const carrierOf = (world: World, always: boolean) => ({
  field: world.carrier,
  prefix: `${world.word}${world.stem}`,
  always,
})

export const createContact = (plan: BodyPlan): Step =>
  step(`create a contact${planned('createContact', plan)}`, async (world) => {
    const body = bodyRequest(bodyOf('createContact'), plan, {}, carrierOf(world, true))
    noteCreated(world.contacts, await send(world, 'createContact', [], body))
  })

/** Many plain contacts at once: a list of the sequence longer than one page, at times the largest. */
export const createContacts = (count: number): Step =>
  step(`create ${String(count)} contacts`, async (world) => {
    for (let index = 0; index < count; index += 1) {
      const contact = {
        first_name: 'Many',
        relationship_type: 1,
        [world.carrier]: `${world.word}${world.stem}${String(index)}`,
      }
      noteCreated(world.contacts, await send(world, 'createContact', [], { json: { contact } }))
    }
  })

export const patchContact = (pick: Pick, plan: BodyPlan): Step =>
  toPicked('patch', 'updateContact', ['contact', pick], planned('updateContact', plan), (world) =>
    bodyRequest(bodyOf('updateContact'), plan, {}, carrierOf(world, false)),
  )

export interface DeletePlan {
  pick: Pick
  /** soft_delete in the query: absent, one of the document's values, or one it refuses. */
  query: { kind: 'absent' } | { kind: 'value'; index: number } | { kind: 'refused' }
  /** The body's soft_delete, drawn from the body's schema, in one of its encodings. */
  body: { kind: 'absent' } | { kind: 'value'; plan: BodyPlan }
}

export function deleteContact({ pick, query, body }: DeletePlan): Step {
  const values = parameterView('deleteContact', 'soft_delete')?.enum?.map(String) ?? []
  const softDelete =
    query.kind === 'absent'
      ? undefined
      : query.kind === 'refused'
        ? notInEnum(values)
        : valueAt(values, query.index)
  const inQuery = softDelete === undefined ? '' : `, soft_delete=${softDelete} in the query`
  const inBody = body.kind === 'absent' ? '' : `, a body${planned('deleteContact', body.plan)}`
  return toPicked('delete', 'deleteContact', ['contact', pick], `${inQuery}${inBody}`, () => ({
    query: softDelete === undefined ? [] : [['soft_delete', softDelete]],
    ...(body.kind === 'absent' ? {} : bodyRequest(bodyOf('deleteContact'), body.plan)),
  }))
}

/** `groups`: indexes into the document's include[] values; with a refused value when `refused`. */
export function fetchContact(pick: Pick, groups: readonly number[], refused: boolean): Step {
  const values = itemValues('getContact', 'include[]')
  const chosen = [...new Set(groups.map((index) => valueAt(values, index)))]
  const include = refused ? [...chosen, notInEnum(values)] : chosen
  const pairs = include.map((value) => ['include[]', value] as const)
  const detail = pairs.map(([name, value]) => ` ${name}=${value}`).join('')
  return toPicked('fetch', 'getContact', ['contact', pick], detail, () => ({ query: pairs }))
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
async function listContacts(world: World, plan: ListPlan): Promise<unknown> {
  const { maxLimit } = pageBounds('listContacts')
  const limit =
    plan.limit === 'max'
      ? maxLimit
      : plan.limit === 'over'
        ? maxLimit + 1
        : Math.min(plan.limit, maxLimit)
  const { word, stem } = world
  const search =
    typeof plan.search === 'object'
      ? `${word}${stem}${textOf(plan.search.more, 2)}`
      : { word, stem: `${word}${stem}`, 'stem-upper': `${word}${stem.toUpperCase()}` }[plan.search]
  const query: [string, string][] = [
    ['search', search],
    ['page', String(plan.page)],
    ['limit', String(limit)],
    ...(plan.deleted ? ([['include[]', 'deleted']] as [string, string][]) : []),
  ]
  return (await send(world, 'listContacts', [], { query })).body
}

export function listContactsStep(plan: ListPlan): Step {
  const { deleted, page, limit, search } = plan
  const searched = typeof search === 'string' ? search : `stem and 2 ${search.more} letters`
  return step(
    `list the contacts (search: ${searched}, page ${String(page)}, limit ${String(limit)}${deleted ? ', include[]=deleted' : ''})`,
    (world) => listContacts(world, plan),
  )
}

/** The catalog's type ids, read once per sequence (through its session, which binds them). */
async function typesOf(world: World): Promise<string[]> {
  if (world.types !== undefined) return world.types
  const { body } = await send(world, 'listRelationshipTypes')
  const ids = listedRecords(body).map(({ id }) => id)
  const configured = contractEnv().relationshipId
  world.types = configured === undefined ? ids : [configured]
  return world.types
}

/** The fields a relationship's create takes from the sequence rather than from a draw. */
export const PINNED = ['contact_id', 'relationship_id']

/** One relationship to a contact of the sequence: the type a drawn index into the catalog. */
async function createRelationship(world: World, contact: Pick, type: number, plan: BodyPlan) {
  const pins = {
    contact_id: pickId(world.contacts, contact),
    relationship_id: valueAt(await typesOf(world), type),
  }
  const body = bodyRequest(bodyOf('createUserRelationship'), plan, pins)
  noteCreated(world.relationships, await send(world, 'createUserRelationship', [], body))
}

const relationshipPlan = (type: number, plan: BodyPlan): string =>
  `type #${String(type)}${planned('createUserRelationship', plan)}`

export const createRelationshipStep = (contact: Pick, type: number, plan: BodyPlan): Step =>
  step(
    `create a user relationship to ${describePick('contact', contact)}, ${relationshipPlan(type, plan)}`,
    (world) => createRelationship(world, contact, type, plan),
  )

/** Several relationships to one contact, each of a drawn type and body. */
export const createRelationships = (
  contact: Pick,
  each: readonly { type: number; plan: BodyPlan }[],
): Step =>
  step(
    `create ${String(each.length)} user relationships to ${describePick('contact', contact)}: ${each
      .map(({ type, plan }) => relationshipPlan(type, plan))
      .join(', ')}`,
    async (world) => {
      for (const { type, plan } of each) await createRelationship(world, contact, type, plan)
    },
  )

export const patchRelationship = (pick: Pick, plan: BodyPlan): Step =>
  toPicked(
    'patch',
    'updateUserRelationship',
    ['user relationship', pick],
    planned('updateUserRelationship', plan),
    () => bodyRequest(bodyOf('updateUserRelationship'), plan),
  )

export const deleteRelationship = (pick: Pick): Step =>
  toPicked('delete', 'deleteUserRelationship', ['user relationship', pick])

export const fetchRelationship = (pick: Pick): Step =>
  toPicked('fetch', 'getUserRelationship', ['user relationship', pick])

/**
 * After each sequence: its contacts, every page at the largest limit, with and without the
 * deleted ones (the list of a step may have looked at one page only); then every user
 * relationship it created, fetched (their lists span users).
 */
export async function observe(world: World): Promise<void> {
  const { maxLimit, minPage } = pageBounds('listContacts')
  for (const deleted of [false, true]) {
    for (let page = minPage; page < minPage + 10; page += 1) {
      const body = await listContacts(world, { deleted, page, limit: 'max', search: 'word' })
      const count = propertyOf(body, 'count')
      if (typeof count !== 'number' || count <= (page - minPage + 1) * maxLimit) break
    }
  }
  for (const id of world.relationships) await send(world, 'getUserRelationship', [id])
}
