// Faulty targets that only the requests generated from the document's schemas find: no
// hand-written check sends what they get wrong.
import { maxLengthsOf } from '../../../openapi/document.ts'
import { loadDocument } from '../../../openapi/document-files.ts'
import type { Fault, ProxyRequest } from './proxy.ts'
import { CONTACT, isJsonRequest, jsonBodyOf, pathOf, type JsonObject } from './rewrite.ts'

const LIMITS = new Map(maxLengthsOf(loadDocument(), 'ContactWriteFields'))

/** The text cut to the field's limit, as a column of that size in a lenient SQL mode stores it. */
function cut(name: string, value: unknown): unknown {
  const limit = LIMITS.get(name)
  return typeof value === 'string' && limit !== undefined
    ? Array.from(value).slice(0, limit).join('')
    : value
}

function cutLongText(req: ProxyRequest): ProxyRequest {
  if (isJsonRequest(req)) {
    const body = jsonBodyOf(req)
    if (body === undefined) return req
    const contact = body['contact']
    if (typeof contact !== 'object' || contact === null) return req
    const fields = Object.entries(contact as JsonObject).map(([name, value]): [string, unknown] => [
      name,
      cut(name, value),
    ])
    return {
      ...req,
      body: Buffer.from(JSON.stringify({ ...body, contact: Object.fromEntries(fields) })),
    }
  }
  const form = new URLSearchParams(req.body.toString('utf8'))
  const fields = [...form].map(([key, value]): [string, string] => {
    const name = /^contact\[([^\]]+)\]$/.exec(key)?.[1]
    return [key, name === undefined ? value : String(cut(name, value))]
  })
  return { ...req, body: Buffer.from(new URLSearchParams(fields).toString()) }
}

/** An update checked less strictly than a create: over-long text is cut instead of refused. */
export const updateCutsLongText: Fault = {
  name: 'update-cuts-long-text',
  breaks: 'a PATCH of a contact with text over its maxLength is a 422 naming the field',
  caughtBy: 'contact[first_name] breaks maxLength 100',
  request: (req) => (req.method === 'PATCH' && CONTACT.test(pathOf(req)) ? cutLongText(req) : req),
}
