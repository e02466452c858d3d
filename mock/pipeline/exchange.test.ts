import { describe, expect, test } from '@jest/globals'
import { pathnameOf } from './exchange.ts'

describe('pathnameOf', () => {
  test('When a target has a query, a fragment or the absolute form, then its path is what Express read', () => {
    // Act
    const paths = ['/a/b?c=1#d', '/a/b#d?c', '/a/b', 'http://localhost:4010/a/b?c', '*'].map(
      pathnameOf,
    )

    // Assert
    expect(paths).toEqual(['/a/b', '/a/b', '/a/b', '/a/b', '*'])
  })
})
