import { describe, expect, test } from '@jest/globals'
import { faker } from '@faker-js/faker'

describe('toolchain', () => {
  test('When the toolchain loads the ESM-only dependency faker, then it imports and repeats a seeded value', () => {
    // Arrange
    faker.seed(1)
    const first = faker.person.fullName()

    // Act
    faker.seed(1)
    const second = faker.person.fullName()

    // Assert
    expect(first).toBe(second)
    expect(first.length).toBeGreaterThan(0)
  })
})
