import { describe, expect, test } from '@jest/globals'
import { inspect } from 'node:util'
import { toResponse } from './fetch-response.ts'

const reply = () => ({
  status: 200,
  headers: { 'Content-Type': 'application/json; charset=utf-8', 'X-Seen': 'é' },
  text: '{"name":"Zoë"}',
})
const URL_ASKED = 'http://localhost/api/v1/relationships'

describe('the fetch function’s Response', () => {
  test('When it is read, then it is a Response with its text, JSON, headers and the URL asked for', async () => {
    // Act
    const response = toResponse(reply(), 'GET', URL_ASKED)

    // Assert
    expect(response).toBeInstanceOf(Response)
    expect([response.status, response.ok, response.statusText, response.url]).toEqual([
      200,
      true,
      'OK',
      URL_ASKED,
    ])
    // Zoë is 15 bytes in UTF-8, for 14 characters
    expect(response.headers.get('content-length')).toBe('15')
    expect(response.headers.get('x-seen')).toBe('é')
    expect(await response.json()).toEqual({ name: 'Zoë' })
  })

  test('When its body is read twice, then the second read fails as fetch’s does, and a clone taken before reads it', async () => {
    // Arrange
    const response = toResponse(reply(), 'GET', URL_ASKED)
    const copy = response.clone()

    // Act
    const first = await response.text()

    // Assert
    expect(first).toBe('{"name":"Zoë"}')
    expect(response.bodyUsed).toBe(true)
    await expect(response.text()).rejects.toThrow(TypeError)
    expect(() => response.clone()).toThrow(TypeError)
    expect(await copy.arrayBuffer()).toEqual(new TextEncoder().encode(first).buffer)
  })

  test('When its body is read as a stream, then the stream holds the text’s bytes', async () => {
    // Arrange
    const response = toResponse(reply(), 'GET', URL_ASKED)

    // Act
    const text = await new Response(response.body).text()

    // Assert
    expect(text).toBe('{"name":"Zoë"}')
    expect(response.bodyUsed).toBe(true)
  })

  test('When it is inspected or its body only looked at, then its body is still unread', async () => {
    // Arrange
    const response = toResponse(reply(), 'GET', URL_ASKED)

    // Act
    const shown = inspect(response)
    const stream = response.body

    // Assert
    expect(shown).toContain('Content-Length')
    expect(stream).toBe(response.body)
    expect(response.bodyUsed).toBe(false)
    expect(await response.text()).toBe('{"name":"Zoë"}')
  })

  test.each([
    ['HEAD', 200],
    ['GET', 204],
  ])(
    'When the answer is to %s with %s, then it has no body and no Content-Length only for a 204',
    async (method, status) => {
      // Act
      const response = toResponse({ ...reply(), status }, method, URL_ASKED)

      // Assert
      expect(response.body).toBeNull()
      expect(await response.text()).toBe('')
      expect(response.headers.has('content-length')).toBe(status !== 204)
    },
  )
})
