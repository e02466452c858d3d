import { describe, expect, test } from '@jest/globals'
import { parseForm } from './parse-form.ts'
import { HttpError } from '../../shared/problem.ts'

/** The HttpError that `run` throws; fails the test when it throws nothing or something else. */
function errorOf(run: () => unknown): HttpError {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError)
    return error as HttpError
  }
  throw new Error('expected an HttpError, but nothing was thrown')
}

describe('parseForm', () => {
  test.each([
    ['an empty body', '', {}],
    ['a plain field', 'a=1', { a: '1' }],
    ['a field without =', 'a', { a: '' }],
    ['an empty value', 'a=', { a: '' }],
    ['= inside a value', 'a=x=y', { a: 'x=y' }],
    ['empty pairs', '&&a=1&', { a: '1' }],
    ['+ as a space', 'a=Mary+Ann', { a: 'Mary Ann' }],
    ['%2B as a plus', 'a=1%2B1', { a: '1+1' }],
    ['percent-encoded UTF-8', 'a=Z%C3%B6e', { a: 'Zöe' }],
    ['an encoded name', 'contact%5Bfirst_name%5D=Ann', { contact: { first_name: 'Ann' } }],
    [
      'bracketed names',
      'contact[first_name]=Ann&contact[last_name]=Lee',
      { contact: { first_name: 'Ann', last_name: 'Lee' } },
    ],
    ['nesting four levels deep', 'a[b][c][d][e]=1', { a: { b: { c: { d: { e: '1' } } } } }],
    ['a [] list', 'include[]=tags&include[]=pets', { include: ['tags', 'pets'] }],
    ['a [] list of one', 'include[]=tags', { include: ['tags'] }],
    ['a nested [] list', 'a[b][]=1&a[b][]=2', { a: { b: ['1', '2'] } }],
    ['a duplicate plain field', 'a=1&a=2', { a: ['1', '2'] }],
    ['a triplicate field', 'a=1&a=2&a=3', { a: ['1', '2', '3'] }],
    ['a duplicate nested field', 'c[n]=1&c[n]=2', { c: { n: ['1', '2'] } }],
    ['a list then a plain field of the same name', 'a[]=1&a=2', { a: ['1', '2'] }],
    ['siblings in two objects', 'a[x]=1&b[x]=2&a[y]=3', { a: { x: '1', y: '3' }, b: { x: '2' } }],
  ])('When the body has %s, then it parses to the expected object', (_label, text, expected) => {
    // Act
    const form = parseForm(text)

    // Assert
    expect(form).toEqual(expected)
  })

  test('When the form has nested objects, then none of them has a prototype', () => {
    // Act
    const form = parseForm('contact[first_name]=Ann&a[b][c]=1')

    // Assert
    expect(Object.getPrototypeOf(form)).toBeNull()
    expect(Object.getPrototypeOf(form['contact'])).toBeNull()
    const a = form['a'] as Record<string, unknown>
    expect(Object.getPrototypeOf(a)).toBeNull()
    expect(Object.getPrototypeOf(a['b'])).toBeNull()
  })

  test.each([
    ['__proto__[polluted]=yes', '__proto__'],
    ['__proto__=yes', '__proto__'],
    ['constructor[prototype][polluted]=yes', 'constructor'],
    ['a[__proto__][polluted]=yes', 'a'],
    ['toString=yes', 'toString'],
    ['hasOwnProperty[x]=yes', 'hasOwnProperty'],
  ])('When the body is %s, then %s is a plain own key and no prototype is touched', (text, key) => {
    // Act
    const form = parseForm(text)

    // Assert
    expect(Object.keys(form)).toEqual([key])
    expect(Object.getPrototypeOf(form)).toBeNull()
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
    expect(Object.prototype).not.toHaveProperty('polluted')
    expect(typeof Object.prototype.toString).toBe('function')
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'yes')).toBe(false)
  })

  test('When __proto__ is nested, then it is an own key of a prototype-less object', () => {
    // Act
    const form = parseForm('a[__proto__][polluted]=yes')

    // Assert
    const a = form['a'] as Record<string, unknown>
    expect(Object.keys(a)).toEqual(['__proto__'])
    expect(Object.getPrototypeOf(a)).toBeNull()
    expect(Object.keys(a['__proto__'] as object)).toEqual(['polluted'])
  })

  test.each([
    ['an unclosed bracket', 'a[b=1'],
    ['a stray closing bracket', 'a]=1'],
    ['a name that starts with a bracket', '[a]=1'],
    ['an empty name', '=1'],
    ['text after the brackets', 'a[b]c=1'],
    ['nested brackets', 'a[b[c]]=1'],
    ['[] before the end', 'a[][b]=1'],
    ['a plain field then the same as an object', 'a=1&a[b]=2'],
    ['an object then the same as a plain field', 'a[b]=2&a=1'],
    ['a list then the same as an object', 'a[]=1&a[b]=2'],
    ['an object then the same as a list', 'a[b]=1&a[]=2'],
  ])('When the body has %s, then it throws a 400 about the name', (_label, text) => {
    // Act
    const error = errorOf(() => parseForm(text))

    // Assert
    expect(error.status).toBe(400)
    expect(error.detail).toContain('is not a valid bracketed name')
  })

  test.each(['a[b][c][d][e][f]=1', 'a[][][][][]=1', 'x[1][2][3][4][5][6][7]=1'])(
    'When %s is nested more than four levels, then it throws a 400 about the depth',
    (text) => {
      // Act
      const error = errorOf(() => parseForm(text))

      // Assert
      expect(error.status).toBe(400)
      expect(error.detail).toContain('nested too deeply')
    },
  )

  test.each([
    ['a truncated escape', 'a=%E0%A4%A'],
    ['a non-hex escape', 'a=%ZZ'],
    ['a lone %', 'a=100%'],
    ['invalid UTF-8', 'a=%FF'],
    ['an overlong encoding', 'a=%C0%AF'],
    ['a NUL in a value', 'a=x%00'],
    ['a NUL in a name', 'a%00=x'],
    ['a bad escape in a name', 'a%G1=x'],
  ])('When the body has %s, then it throws a 400', (_label, text) => {
    // Act
    const error = errorOf(() => parseForm(text))

    // Assert
    expect(error.status).toBe(400)
    expect(error.detail).toMatch(/form body/)
  })
})

describe('parseForm, names seen before', () => {
  test('When bodies send the same bracketed names again, then each decodes as the first did', () => {
    // Arrange
    const body = 'contact[first_name]=Ann&include[]=a&include[]=b'
    const expected = { contact: { first_name: 'Ann' }, include: ['a', 'b'] }

    // Act
    const decoded = [parseForm(body), parseForm(body), parseForm(body)]

    // Assert
    for (const form of decoded) expect(form).toEqual(expected)
  })

  test('When a name too long to keep comes twice, then it decodes both times', () => {
    // Arrange
    const name = `contact[${'x'.repeat(200)}]`

    // Act
    const decoded = [parseForm(`${name}=1`), parseForm(`${name}=2`)]

    // Assert
    expect(decoded).toEqual([
      { contact: { ['x'.repeat(200)]: '1' } },
      { contact: { ['x'.repeat(200)]: '2' } },
    ])
  })
})
