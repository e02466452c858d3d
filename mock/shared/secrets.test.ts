import { describe, expect, test } from '@jest/globals'
import { isSameSecret, randomToken } from './secrets.ts'

describe('isSameSecret', () => {
  test.each([
    ['alice-token', 'alice-token', true],
    ['alice-token', 'alice-tokem', false],
    ['alice-toke', 'alice-token', false],
    ['alice-token-', 'alice-token', false],
    ['', 'alice-token', false],
    ['', '', true],
    ['x', '', false],
  ])('When %j is compared with %j, then it is %s', (sent, expected, same) => {
    // Act
    const result = isSameSecret(sent, expected)

    // Assert
    expect(result).toBe(same)
  })
})

describe('randomToken', () => {
  test('When two tokens of 18 bytes are made, then each is 24 base64url characters and they differ', () => {
    // Act
    const tokens = [randomToken(18), randomToken(18)]

    // Assert
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{24}$/)
    expect(tokens[0]).not.toBe(tokens[1])
  })
})
