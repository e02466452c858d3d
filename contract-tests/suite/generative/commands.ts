// The steps of the generative phase. Each one acts on the target, checks the answer against the
// model, and updates the model; after every step the lists must agree with it too (observe.ts).
import type { AsyncCommand } from 'fast-check'
import { expect } from '../support/test-api.ts'
import { bracketed } from '../support/api.ts'
import {
  aRelationshipTypeId,
  contactFields,
  contactForm,
  type Contact,
  type UserRelationship,
} from '../support/records.ts'
import { observeContacts } from './observe.ts'
import { contactPath, live, pick, relationshipPath, send, type Model, type World } from './world.ts'

export type Step = AsyncCommand<Model, World>

export abstract class BaseStep implements Step {
  abstract check(model: Readonly<Model>): boolean
  abstract act(model: Model, world: World): Promise<void>
  abstract toString(): string
  async run(model: Model, world: World): Promise<void> {
    await this.act(model, world)
    await observeContacts(model, world)
  }
}

export class CreateContact extends BaseStep {
  readonly firstName: string
  constructor(firstName: string) {
    super()
    this.firstName = firstName
  }
  check = (): boolean => true
  async act(model: Model, world: World): Promise<void> {
    const fields = contactFields({ first_name: this.firstName, employer: world.word })
    const res = await send(world, 'POST', contactPath(), { form: contactForm(fields) })
    expect(res.status).toBe(201)
    const contact = res.body as Contact
    model.contacts.push({
      id: contact.id,
      jobTitle: contact.job_title ?? '',
      updatedAt: contact.updated_at,
      deletedAt: null,
      purged: false,
    })
  }
  toString = (): string => `create a contact (${this.firstName})`
}

export class PatchContact extends BaseStep {
  readonly slot: number
  readonly jobTitle: string
  constructor(slot: number, jobTitle: string) {
    super()
    this.slot = slot
    this.jobTitle = jobTitle
  }
  check = (model: Readonly<Model>): boolean => model.contacts.some(live)
  async act(model: Model, world: World): Promise<void> {
    const contact = pick(model.contacts, this.slot, live)
    if (contact === undefined) return
    // Timestamps have milliseconds: a few apart, an update cannot share the previous one's.
    await new Promise((done) => setTimeout(done, 3))
    const res = await send(world, 'PATCH', contactPath(contact.id), {
      form: contactForm({ job_title: this.jobTitle }),
    })
    if (contact.deletedAt !== null) {
      expect(res.status).toBe(409)
      return
    }
    expect(res.status).toBe(200)
    const body = res.body as Contact
    expect({
      job_title: body.job_title,
      updated_at_moved: body.updated_at > contact.updatedAt,
    }).toEqual({ job_title: this.jobTitle, updated_at_moved: true })
    Object.assign(contact, { jobTitle: this.jobTitle, updatedAt: body.updated_at })
  }
  toString = (): string => `update contact #${String(this.slot)} (job_title ${this.jobTitle})`
}

export class DeleteContact extends BaseStep {
  readonly slot: number
  readonly purge: boolean
  constructor(slot: number, purge: boolean) {
    super()
    this.slot = slot
    this.purge = purge
  }
  check = (model: Readonly<Model>): boolean => model.contacts.some(live)
  async act(model: Model, world: World): Promise<void> {
    const contact = pick(model.contacts, this.slot, live)
    if (contact === undefined) return
    const query = this.purge ? { soft_delete: 'false' } : undefined
    const res = await send(world, 'DELETE', contactPath(contact.id), { query })
    expect(res.status).toBe(204)
    if (this.purge) {
      contact.purged = true
      for (const item of model.relationships) if (item.contactId === contact.id) item.gone = true
    }
    const fetched = await send(world, 'GET', contactPath(contact.id))
    expect(fetched.status).toBe(this.purge ? 404 : 200)
    if (this.purge) return
    const body = fetched.body as Contact
    // The first deleted_at stays (decision 13); a delete may touch updated_at, never move it back.
    contact.deletedAt ??= body.deleted_at
    expect({
      deleted_at: body.deleted_at,
      updated_at_kept_order: body.updated_at >= contact.updatedAt,
    }).toEqual({
      deleted_at: contact.deletedAt,
      updated_at_kept_order: true,
    })
    contact.updatedAt = body.updated_at
  }
  toString = (): string => `${this.purge ? 'purge' : 'soft-delete'} contact #${String(this.slot)}`
}

export class FetchContact extends BaseStep {
  readonly slot: number
  readonly withTags: boolean
  constructor(slot: number, withTags: boolean) {
    super()
    this.slot = slot
    this.withTags = withTags
  }
  check = (model: Readonly<Model>): boolean => model.contacts.length > 0
  async act(model: Model, world: World): Promise<void> {
    const contact = pick(model.contacts, this.slot, () => true)
    if (contact === undefined) return
    const res = await send(world, 'GET', contactPath(contact.id), {
      query: this.withTags ? [['include[]', 'tags']] : '',
    })
    if (contact.purged) {
      expect(res.status).toBe(404)
      return
    }
    const body = res.body as Contact & { tags?: unknown[] }
    expect({
      status: res.status,
      job_title: body.job_title ?? '',
      updated_at: body.updated_at,
      deleted_at: body.deleted_at,
      tags: body.tags,
    }).toEqual({
      status: 200,
      job_title: contact.jobTitle,
      updated_at: contact.updatedAt,
      deleted_at: contact.deletedAt,
      tags: this.withTags ? [] : undefined,
    })
  }
  toString = (): string =>
    `fetch contact #${String(this.slot)}${this.withTags ? ' with include[]=tags' : ''}`
}

export class CreateRelationship extends BaseStep {
  readonly slot: number
  constructor(slot: number) {
    super()
    this.slot = slot
  }
  check = (model: Readonly<Model>): boolean => model.contacts.some(live)
  async act(model: Model, world: World): Promise<void> {
    const contact = pick(model.contacts, this.slot, live)
    if (contact === undefined) return
    const form = bracketed('user_relationship', {
      contact_id: contact.id,
      relationship_id: await aRelationshipTypeId(),
    })
    const res = await send(world, 'POST', relationshipPath(), { form })
    // Only an active contact can be linked (decision 16).
    expect(res.status).toBe(contact.deletedAt === null ? 201 : 422)
    if (res.status === 201)
      model.relationships.push({
        id: (res.body as UserRelationship).id,
        contactId: contact.id,
        deleted: false,
        gone: false,
      })
  }
  toString = (): string => `create a user relationship to contact #${String(this.slot)}`
}
