import type { RequestHandler } from 'express'
import type { OpenApiDocument } from '../openapi/document.ts'
import { createResponseChecker } from '../openapi/response-check.ts'

const PROBLEM_TYPE = 'https://example.com/contacts-mock-kit/problems/internal'

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * Checks every response against the document before it leaves (used by the tests, and by
 * `--validate-responses`). A response that drifts from the document becomes a 500 naming the
 * violation, so drift cannot pass unnoticed. Unknown paths and 405s must still be problems.
 */
export function checkResponses(
  document: OpenApiDocument,
  report: (findings: string[]) => void,
): RequestHandler {
  const checker = createResponseChecker(document)
  return (req, res, next) => {
    const send = res.send.bind(res)
    res.send = (body?: unknown) => {
      if (res.locals['unchecked'] === true || req.method === 'HEAD') return send(body)
      const text = Buffer.isBuffer(body)
        ? body.toString('utf8')
        : typeof body === 'string'
          ? body
          : ''
      const response = {
        method: req.method,
        path: req.path,
        status: res.statusCode,
        headers: Object.fromEntries(
          Object.entries(res.getHeaders()).map(([name, value]) => [name.toLowerCase(), value]),
        ),
        text,
        body: text === '' ? undefined : parseJson(text),
      }
      const documented = res.locals['operation'] !== undefined
      const findings = documented
        ? checker.check(response)
        : checker
            .checkProblem(response)
            .concat(
              String(res.get('content-type')).startsWith('application/problem+json')
                ? []
                : ['  - an error outside the operations must be application/problem+json'],
            )
      if (findings.length === 0) return send(body)
      report(findings)
      res.locals['unchecked'] = true
      res.status(500).type('application/problem+json')
      return send(
        JSON.stringify({
          type: PROBLEM_TYPE,
          title: 'Internal Server Error',
          status: 500,
          detail: `The mock's response does not match openapi/openapi.yaml:\n${findings.join('\n')}`,
        }),
      )
    }
    next()
  }
}
