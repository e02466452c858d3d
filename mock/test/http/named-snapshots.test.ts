// POST /__admin/snapshots racing resets and writes: what a save answers is what it left.
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from '@jest/globals'
import type { Test } from 'supertest'
import { useTestApp } from '../../../test-support/http.ts'

const http = useTestApp()
// beside the data file, as the engine keeps them
const snapshotsDir = (): string => `${http.file}.snapshots`
const admin = (path: string, body: object = {}): Test =>
  http.anon.post(`/__admin${path}`).set('Content-Type', 'application/json').send(body)

const ROUNDS = 10

describe('POST /__admin/snapshots while the data is reset and written', () => {
  test('When saves race resets and creates, then every save is a 201 and exactly the saved ones are listed', async () => {
    // Arrange
    const statuses: number[] = []

    // Act
    for (let round = 0; round < ROUNDS; round++) {
      const [saved] = await Promise.all([
        admin('/snapshots', { name: `race-${String(round)}` }),
        http.createContact({ first_name: `Racer${String(round)}` }).catch(() => undefined),
        admin('/reset'),
        admin('/reset'),
      ])
      statuses.push(saved.status)
    }
    const listed = await http.anon.get('/__admin/snapshots')

    // Assert
    expect(statuses).toEqual(Array.from({ length: ROUNDS }, () => 201))
    const names = (listed.body as { snapshots: { name: string }[] }).snapshots.map((s) => s.name)
    expect(names.sort()).toEqual(Array.from({ length: ROUNDS }, (_, n) => `race-${String(n)}`))
  })

  test('When a save of a name fails on the disk, then it is a 503 and that snapshot is byte for byte as it was', async () => {
    // Arrange: the save's temporary file cannot be made (a folder has its name)
    expect((await admin('/snapshots', { name: 'kept' })).status).toBe(201)
    const before = readFileSync(join(snapshotsDir(), 'kept.json'))
    await http.createContact({ first_name: 'Later' })
    mkdirSync(join(snapshotsDir(), '.kept.json.tmp'))

    // Act
    const failed = await admin('/snapshots', { name: 'kept' })

    // Assert
    expect(failed.status).toBe(503)
    expect(failed.type).toBe('application/problem+json')
    expect(readFileSync(join(snapshotsDir(), 'kept.json'))).toEqual(before)
  })

  test('When saves of one name race each other and resets, then each is a 201 and the last one restores', async () => {
    // Act
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        n % 2 === 0 ? admin('/snapshots', { name: 'twice' }) : admin('/reset'),
      ),
    )
    const restored = await admin('/snapshots/twice/restore')

    // Assert
    expect(answers.map((res) => res.status)).toEqual([201, 204, 201, 204, 201, 204, 201, 204])
    expect(restored.status).toBe(204)
  })
})
