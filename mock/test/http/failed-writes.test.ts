// A write whose journal append fails is answered 507/503 and leaves no trace anywhere.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import request from 'supertest'
import { createSeed } from '../../../fixtures/seed.ts'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import { createApp, type App } from '../../process/node-app.ts'
import type { Data } from '../../shared/data.ts'
import { openJournal } from '../../store/memory/disk/journal.ts'
import { openStore, type OpenStore } from '../../store/memory/disk/open-store.ts'
import { SnapshotFile } from '../../store/memory/disk/snapshot-file.ts'
import {
  bearer,
  bodyOf,
  expectProblem,
  paths,
  type Contact,
  type ContactList,
} from '../../../test-support/http.ts'

let dir: string
let file: string
let opened: OpenStore
let app: App
let failure: NodeJS.ErrnoException | undefined

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'failed-writes-'))
  file = join(dir, 'db.json')
  const createData = (): Data => createSeed({ acmeContacts: 5, globexContacts: 1 })
  opened = await openStore(file, createData, {
    // the real journal, whose appends fail while `failure` is set
    openJournal: async (path) => {
      const journal = await openJournal(path)
      return {
        ...journal,
        append: (entries) => (failure ? Promise.reject(failure) : journal.append(entries)),
      }
    },
  })
  app = createApp({ engine: opened.engine, createData, validateResponses: true })
})
afterAll(async () => {
  await opened.close()
  rmSync(dir, { recursive: true, force: true })
})

const send = (method: 'get' | 'post' | 'patch' | 'delete', url: string) =>
  request(app)[method](url).set('Authorization', bearer(ALICE))
const failWith = (code: string): void => {
  failure = Object.assign(new Error(`${code}: simulated`), { code })
}

async function search(text: string): Promise<ContactList> {
  const query = `search=${encodeURIComponent(text)}&include[]=deleted&limit=100`
  const res = await send('get', `${paths.contacts(ACME_ORG_ID)}?${query}`)
  expect(res.status).toBe(200)
  return bodyOf<ContactList>(res)
}

describe('When the journal write of a change fails', () => {
  test('When a create fails on a full disk, then it is 507 and no read, list or search finds it', async () => {
    // Arrange
    failWith('ENOSPC')

    // Act
    const res = await send('post', paths.contacts(ACME_ORG_ID)).send({
      contact: { first_name: 'Ghostwriter', relationship_type: 1 },
    })
    failure = undefined

    // Assert
    expect(expectProblem(res, 507).detail).toMatch(/nothing was changed/i)
    expect((await search('Ghostwriter')).count).toBe(0)
    const all = bodyOf<ContactList>(
      await send('get', `${paths.contacts(ACME_ORG_ID)}?include[]=deleted&limit=100`),
    )
    expect(all.contacts.map((contact) => contact.first_name)).not.toContain('Ghostwriter')
  })

  test('When an update and a delete fail for another reason, then they are 503 with Retry-After and the record reads as before', async () => {
    // Arrange
    const created = await send('post', paths.contacts(ACME_ORG_ID)).send({
      contact: { first_name: 'Steady', relationship_type: 2 },
    })
    const contact = bodyOf<Contact>(created)
    failWith('EIO')

    // Act
    const patch = await send('patch', paths.contact(contact.id)).send({
      contact: { first_name: 'Renamed' },
    })
    const purge = await send('delete', `${paths.contact(contact.id)}?soft_delete=false`)
    failure = undefined

    // Assert
    for (const res of [patch, purge]) {
      expectProblem(res, 503)
      expect(res.headers['retry-after']).toBe('1')
    }
    const read = await send('get', paths.contact(contact.id))
    expect(read.body).toEqual(contact)
    expect((await search('Renamed')).count).toBe(0)
  })

  test('When the store writes its next snapshot, then no failed change is in the file', async () => {
    // Arrange
    failWith('ENOSPC')
    const failed = await send('post', paths.contacts(ACME_ORG_ID)).send({
      contact: { first_name: 'Phantom', relationship_type: 1 },
    })
    failure = undefined
    const kept = await send('post', paths.contacts(ACME_ORG_ID)).send({
      contact: { first_name: 'Keeper', relationship_type: 1 },
    })

    // Act
    await opened.close()
    opened = await openStore(file, () => createSeed())

    // Assert
    expect([failed.status, kept.status]).toEqual([507, 201])
    const onDisk = await new SnapshotFile(file).read()
    const firstNames = (onDisk?.contacts ?? []).map((contact) => contact.first_name)
    expect(firstNames).toEqual(expect.arrayContaining(['Keeper', 'Steady']))
    for (const failedName of ['Phantom', 'Ghostwriter', 'Renamed']) {
      expect(firstNames).not.toContain(failedName)
    }
  })
})
