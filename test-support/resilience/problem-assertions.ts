import { expect } from '@jest/globals'
import type { Response } from 'supertest'

const LEAKS = [/\n\s+at /, /node_modules/, /\/work\//, /\.ts:\d+/, /Error:/]

export interface ProblemBody {
  type: string
  title: string
  status: number
  detail: string
  errors?: { field: string; message: string }[]
}

/** A 4xx problem+json that says what is wrong and leaks nothing of the server's insides. */
export function expectClientProblem(
  res: Pick<Response, 'status' | 'headers' | 'text'>,
  label: string,
): ProblemBody {
  const context = `${label} -> ${String(res.status)} ${res.text.slice(0, 300)}`
  expect({ context, ok: res.status >= 400 && res.status < 500 }).toEqual({ context, ok: true })
  expect({ context, type: res.headers['content-type'] }).toEqual({
    context,
    type: expect.stringMatching(/^application\/problem\+json/),
  })
  const body = JSON.parse(res.text) as ProblemBody
  expect(body).toMatchObject({
    type: expect.any(String),
    title: expect.any(String),
    status: res.status,
    detail: expect.any(String),
  })
  for (const leak of LEAKS)
    expect({ context, leak: leak.test(res.text) }).toEqual({ context, leak: false })
  return body
}
