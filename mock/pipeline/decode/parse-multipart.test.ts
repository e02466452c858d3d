import { describe, expect, test } from '@jest/globals'
import { parseMultipart } from './parse-multipart.ts'
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

const bytesOf = (text: string): Uint8Array => new TextEncoder().encode(text)

const BOUNDARY = 'form-boundary'

/** A body of one part whose Content-Disposition is `disposition`, holding `value`. */
const onePart = (disposition: string, value = 'x'): Uint8Array =>
  bytesOf(
    `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\n${value}\r\n--${BOUNDARY}--\r\n`,
  )

describe('parseMultipart, part names', () => {
  test("When Specmatic's client (Ktor) sends bare token names and a quoted bracketed name, then every field is read", () => {
    // Arrange: Ktor's formData writes `name=` bare unless the name has a separator, adds the
    // part's Content-Type, ends each part with CRLF and the body with `--boundary--` CRLF
    const boundary = '5f1e2d3c-7a6b5c4d3e2f1a0b-1c2d3e4f5a6b7c8d-7e6f5a4b3c2d1e0f'
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name=soft_delete',
      'Content-Type: text/plain',
      '',
      'false',
      `--${boundary}`,
      'Content-Disposition: form-data; name="contact[first_name]"',
      'Content-Type: text/plain',
      '',
      'Ada',
      `--${boundary}--`,
      '',
    ].join('\r\n')

    // Act
    const pairs = parseMultipart(bytesOf(body), boundary)

    // Assert
    expect(pairs).toEqual([
      ['soft_delete', 'false'],
      ['contact[first_name]', 'Ada'],
    ])
  })

  test.each([
    ['a bare token', 'form-data; name=soft_delete', 'soft_delete'],
    ['a quoted name', 'form-data; name="soft_delete"', 'soft_delete'],
    ['a quoted bracketed name', 'form-data; name="contact[first_name]"', 'contact[first_name]'],
    [
      'a token of every other token character',
      "form-data; name=a!#$&'*+-.^_`{|}~9",
      "a!#$&'*+-.^_`{|}~9",
    ],
    ['upper-case parameter and type', 'FORM-DATA; NAME=a', 'a'],
    ['spaces around = and ;', 'form-data ;  name = "a" ; x=y ', 'a'],
    ['the name after another parameter', 'form-data; x="y"; name=a', 'a'],
    ['"; filename=" inside a quoted value', 'form-data; x="; filename=f"; name=a', 'a'],
    ['%22 in a quoted name', 'form-data; name="say%22hi%22"', 'say"hi"'],
    ['%22 in a token name', 'form-data; name=say%22hi%22', 'say"hi"'],
    ['%0D%0A in a quoted name', 'form-data; name="a%0D%0Ab"', 'a\r\nb'],
    ['a backslash in a quoted name, as browsers send it', 'form-data; name="a\\b"', 'a\\b'],
    ['an empty quoted name', 'form-data; name=""', ''],
  ])('When a part is named with %s, then its name is read', (_label, disposition, name) => {
    // Act
    const pairs = parseMultipart(onePart(disposition), BOUNDARY)

    // Assert
    expect(pairs).toEqual([[name, 'x']])
  })

  test.each([
    ['a bare bracketed name', 'form-data; name=contact[first_name]'],
    ['a bare name with a space', 'form-data; name=first name'],
    ['a bare name with a slash', 'form-data; name=a/b'],
    ['an unterminated quoted name', 'form-data; name="a'],
    ['text after a quoted name', 'form-data; name="a"b'],
    ['an empty bare value', 'form-data; name='],
    ['a parameter without a value', 'form-data; name'],
    ['text after form-data', 'form-data name=a'],
  ])('When a part is named with %s, then it is a 400 naming the grammar', (_label, disposition) => {
    // Act
    const error = errorOf(() => parseMultipart(onePart(disposition), BOUNDARY))

    // Assert
    expect(error.status).toBe(400)
    expect(error.detail).toContain('neither a token nor a quoted string')
  })

  test.each([
    ['a bare filename', 'form-data; name=a; filename=a.txt'],
    ['a quoted filename first', 'form-data; filename="a.txt"; name="a"'],
    ['a filename*', "form-data; name=a; filename*=UTF-8''a.txt"],
  ])('When a part has %s, then it is a 400 saying files are not taken', (_label, disposition) => {
    // Act
    const error = errorOf(() => parseMultipart(onePart(disposition), BOUNDARY))

    // Assert
    expect(error.status).toBe(400)
    expect(error.detail).toBe('This API takes no files: send text fields only.')
  })

  test.each([
    ['no name', 'form-data', 'a part has no name'],
    ['only other parameters', 'form-data; x=y', 'a part has no name'],
    ['two names', 'form-data; name=a; name="b"', 'a part has two names'],
    ['another disposition', 'attachment; name=a', 'a part is not form-data'],
    ['a longer type', 'form-datax; name=a', 'a part is not form-data'],
  ])('When a part has %s, then it is a 400 saying so', (_label, disposition, why) => {
    // Act
    const error = errorOf(() => parseMultipart(onePart(disposition), BOUNDARY))

    // Assert
    expect(error.status).toBe(400)
    expect(error.detail).toBe(`The multipart/form-data body cannot be read: ${why}.`)
  })
})
