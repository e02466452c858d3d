import { describe, expect, test } from '@jest/globals'
import { faker } from '@faker-js/faker'
import { Low, Memory } from 'lowdb'

describe('toolchain', () => {
  test('When the toolchain loads the ESM-only dependencies, then lowdb and faker import', async () => {
    // Arrange
    faker.seed(1)
    const first = faker.person.fullName()
    faker.seed(1)
    const second = faker.person.fullName()
    const db = new Low<{ names: string[] }>(new Memory(), { names: [] })

    // Act
    db.data.names.push(first)
    await db.write()
    db.data = { names: [] }
    await db.read()

    // Assert
    expect(first).toBe(second)
    expect(first.length).toBeGreaterThan(0)
    expect(db.data).toEqual({ names: [first] })
  })
})
