// A journal that cannot be set aside (a reset's or a snapshot's rotation) fails that one request
// and no other: once the disk allows it again, writes and the stop's snapshot succeed with no
// restart (issue 46). The rename is made to fail by a folder standing where the journal set aside
// would go, which stops root too (a read-only folder does not).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import request from 'supertest'
import { createSeed } from '../../../fixtures/seed.ts'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import { createApp, type App } from '../../process/node-app.ts'
import type { Data } from '../../shared/data.ts'
import { openStore, type OpenStore } from '../../store/memory/disk/open-store.ts'
import { SnapshotFile } from '../../store/memory/disk/snapshot-file.ts'
import { bearer, expectProblem, paths } from '../../../test-support/http.ts'

let dir: string
let file: string
let opened: OpenStore | undefined
let app: App
const createData = (): Data => createSeed({ acmeContacts: 5, globexContacts: 1 })

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'failed-rotation-'))
  file = join(dir, 'db.json')
  opened = await openStore(file, createData)
  app = createApp({ engine: opened.engine, createData, validateResponses: true })
})
afterAll(async () => {
  await opened?.close()
  rmSync(dir, { recursive: true, force: true })
})

/** Puts a folder where the next journals set aside would go; returns what takes it away again. */
async function blockRotation(): Promise<() => void> {
  const covered = (await new SnapshotFile(file).readStored())?.journal ?? 0
  const blocked = Array.from({ length: 5 }, (_, i) => `${file}.journal.${String(covered + 1 + i)}`)
  for (const folder of blocked) {
    mkdirSync(folder)
    writeFileSync(join(folder, 'in-the-way'), '')
  }
  return () => {
    for (const folder of blocked) rmSync(folder, { recursive: true, force: true })
  }
}

const createContact = (firstName: string) =>
  request(app)
    .post(paths.contacts(ACME_ORG_ID))
    .set('Authorization', bearer(ALICE))
    .send({ contact: { first_name: firstName, relationship_type: 1 } })

describe('When the journal cannot be set aside', () => {
  test('When a reset fails for it, then it is 503, and once the disk allows it writes, a reset and the stop succeed again without a restart', async () => {
    // Arrange
    const unblock = await blockRotation()

    // Act
    const failedReset = await request(app)
      .post('/__admin/reset')
      .set('Content-Type', 'application/json')
    const duringBlock = await createContact('WhileBlocked')
    unblock()
    const after = await createContact('AfterUnblock')
    const reset = await request(app).post('/__admin/reset').set('Content-Type', 'application/json')
    const afterReset = await createContact('AfterReset')
    const stop = opened?.close().then(
      () => 'stopped',
      (error: unknown) => (error as Error).message,
    )
    opened = undefined
    const stopped = await stop
    const reopened = await openStore(file, createData)
    const names = (await reopened.engine.exportData()).contacts.map((c) => c.first_name)
    await reopened.close()

    // Assert
    expectProblem(failedReset, 503)
    expect([duringBlock.status, after.status, reset.status, afterReset.status]).toEqual([
      201, 201, 204, 201,
    ])
    expect(stopped).toBe('stopped')
    expect(names).toContain('AfterReset')
    expect(names).not.toContain('AfterUnblock')
  })
})
