import { describe, expect, test } from '@jest/globals'
import { headersOf, parseBase, targetOf } from './fetch-request.ts'

const base = parseBase('http://localhost:8080/mock/')

/** What a URL parser makes of the same URL: the slow path, always. */
function parsed(href: string): { url: string; originalUrl: string } {
  const url = new URL(href, `${base.href}/`)
  const below = url.pathname.slice(base.path.length) || '/'
  return { url: below + url.search, originalUrl: url.pathname + url.search }
}

describe('targetOf', () => {
  test.each([
    'http://localhost:8080/mock/api/v1/relationships',
    'http://localhost:8080/mock/api/v1/x?include[]=tags&search=m%C3%BCller',
    'http://localhost:8080/mock',
    'http://localhost:8080/mock?q=1',
    'http://localhost:8080/mock/api/v1/a b?c d="e"',
    'http://localhost:8080/mock/api/v1/./x/../y',
    'http://localhost:8080/mock/api/v1/x#fragment',
    'http://LOCALHOST:8080/mock/api/v1/é',
    '/mock/api/v1/relationships?limit=2',
  ])('When %s is the URL, then the path below the base is the URL parser’s', (href) => {
    // Act
    const target = targetOf(href, base)

    // Assert
    expect(target).toEqual(parsed(href))
  })

  test.each([
    'http://localhost:8081/mock/api',
    'https://localhost:8080/mock/api',
    'http://localhost:8080/mockery/api',
    'http://localhost:8080/api/v1/relationships',
    'http://user:pw@localhost:8080/mock/api',
  ])('When %s is the URL, then it is refused with a TypeError', (href) => {
    // Act, Assert
    expect(() => targetOf(href, base)).toThrow(TypeError)
  })
})

describe('headersOf', () => {
  test('When a record names a header twice in two cases, then its values are joined as Headers joins them', () => {
    // Act
    const headers = headersOf({ Accept: 'a', accept: ' b ', 'X-One': '1' })

    // Assert
    expect(headers).toEqual(
      Object.fromEntries(
        new Headers([
          ['Accept', 'a'],
          ['accept', ' b '],
          ['X-One', '1'],
        ]),
      ),
    )
  })

  test('When Headers or pairs are given, then the names are in lower case', () => {
    // Act, Assert
    expect(headersOf(new Headers({ 'X-A': '1' }))).toEqual({ 'x-a': '1' })
    expect(headersOf([['X-B', '2']])).toEqual({ 'x-b': '2' })
  })
})
