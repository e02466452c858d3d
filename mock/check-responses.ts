import type { RequestHandler } from 'express'
import type { OpenApiDocument } from '../openapi/document.ts'
import { createResponseValidator } from '../openapi/response-validator.ts'
import type { CompiledOperation } from './compile-operations.ts'

const PROBLEM_TYPE = 'https://example.com/contacts-mock-kit/problems/internal'

function parseBody(body: unknown): unknown {
  const text = Buffer.isBuffer(body) ? body.toString('utf8') : body
  if (text === undefined || text === '') return undefined
  if (typeof text !== 'string') return text
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/**
 * Checks every response against the document before it leaves (used by the tests, and by
 * `--validate-responses`). A response that drifts from the document becomes a 500 naming the
 * violation, so drift cannot pass unnoticed.
 */
export function checkResponses(
  document: OpenApiDocument,
  report: (violations: string[]) => void,
): RequestHandler {
  const validate = createResponseValidator(document)
  return (_req, res, next) => {
    const send = res.send.bind(res)
    res.send = (body?: unknown) => {
      if (res.locals['unchecked'] === true) return send(body)
      const operation = res.locals['operation'] as CompiledOperation | undefined
      const violations = validate({
        operation: operation && { path: operation.documentPath, method: operation.method },
        status: res.statusCode,
        contentType: res.get('content-type'),
        headers: res.getHeaders(),
        body: parseBody(body),
      })
      if (violations.length === 0) return send(body)
      report(violations)
      res.locals['unchecked'] = true
      res.status(500).type('application/problem+json')
      return send(
        JSON.stringify({
          type: PROBLEM_TYPE,
          title: 'Internal Server Error',
          status: 500,
          detail: `The mock's response does not match openapi/openapi.yaml: ${violations.join('; ')}`,
        }),
      )
    }
    next()
  }
}
