import type { Request, Response } from 'express'
import type { OpenApiDocument } from '../../openapi/document.ts'
import { HttpError, PROBLEM_PATH, PROBLEM_TYPES } from '../shared/problem.ts'
import { documentsStatus, type NamedOperation } from '../../openapi/document-model.ts'
import { listOperations, referenceLinkOf, summaryOf } from './document-operations.ts'
import { escapeHtml, renderPage, sendHtml } from './html.ts'

/** `code` in the texts becomes <code>: they are written for people who read code. */
const withCode = (text: string): string =>
  escapeHtml(text).replace(/`([^`]+)`/g, (_match, code: string) => `<code>${code}</code>`)

type Source = [label: string, source: 'api' | 'admin', operations: NamedOperation[]]

function operationList(status: number, sources: Source[]): string {
  return sources
    .map(([label, source, operations]) => {
      const answering = operations.filter((operation) => documentsStatus(operation, status))
      if (answering.length === 0) return ''
      const items = answering
        .map(
          (operation) =>
            `<li><a href="${escapeHtml(referenceLinkOf(operation, source))}"><code>${operation.method} ${escapeHtml(operation.template)}</code></a> ${escapeHtml(summaryOf(operation))}</li>`,
        )
        .join('')
      return `<h3>${label}</h3><ul>${items}</ul>`
    })
    .join('')
}

/** `/problems` and `/problems/<slug>`: the pages the `type` of every problem the mock sends opens. */
export function createProblemPages(document: OpenApiDocument, adminDocument: OpenApiDocument) {
  const sources: Source[] = [
    ['Contacts API', 'api', listOperations(document)],
    ['Admin API', 'admin', listOperations(adminDocument)],
  ]
  const index = renderPage({
    title: 'Problem types',
    current: 'problems',
    main: `<h1>Problem types</h1>
<p>Every error answer of this mock is an RFC 9457 <code>application/problem+json</code> document.
Its <code>type</code> is a path of the mock, <code>${PROBLEM_PATH}&lt;name&gt;</code>, resolved against the request's URL: this list.</p>
<table><thead><tr><th scope="col">Status</th><th scope="col">Type</th><th scope="col">Title</th></tr></thead><tbody>
${PROBLEM_TYPES.map(
  ({ status, slug, title }) =>
    `<tr><td>${String(status)}</td><td><a href="${PROBLEM_PATH}${slug}"><code>${PROBLEM_PATH}${slug}</code></a></td><td>${escapeHtml(title)}</td></tr>`,
).join('\n')}
</tbody></table>`,
  })
  const pages = new Map(
    PROBLEM_TYPES.map(({ status, slug, title }) => {
      const text = PROBLEM_TEXTS[slug] ?? { means: title, fix: '' }
      const operations = operationList(status, sources)
      const main = `<p class="crumbs"><a href="/problems">Problem types</a></p>
<h1>${String(status)} ${escapeHtml(title)}</h1>
<p class="type">type <code>${PROBLEM_PATH}${slug}</code></p>
<h2>What it means</h2><p>${withCode(text.means)}</p>
<h2>What to do</h2><p>${withCode(text.fix)}</p>
<h2>Operations that may answer it</h2>
${operations || '<p>None in the documents: the server answers it before any operation runs.</p>'}`
      return [slug, renderPage({ title: `${String(status)} ${title}`, current: 'problems', main })]
    }),
  )
  return {
    index: (_req: Request, res: Response): void => {
      sendHtml(res, index)
    },
    page: (req: Request, res: Response): void => {
      const slug = String(req.params['slug'])
      const page = pages.get(slug)
      if (page === undefined) throw new HttpError(404, `There is no problem type ${slug}.`)
      sendHtml(res, page)
    },
  }
}

// What each problem type means to the person who got it, and what to do about it. The statuses
// and titles come from problem.ts; the operations that answer each come from the documents.
const PROBLEM_TEXTS: Record<string, { means: string; fix: string }> = {
  'bad-request': {
    means:
      'The request could not be read as the operation expects: a query parameter that is malformed or unknown (`errors` names each), a body that is not valid JSON, form or UTF-8, or a body sent to an operation that takes none.',
    fix: "Read `errors` (one item per bad parameter, named as you sent it) and `detail`; check the operation's parameters in the API reference.",
  },
  unauthorized: {
    means:
      'The request carries no bearer token, a malformed one, or one the server does not know (expired or revoked). The answer has a `WWW-Authenticate: Bearer` header.',
    fix: "Send `Authorization: Bearer <token>`. The bundled fixtures' tokens are alice-token, bob-token (Acme) and carol-token (Globex); `POST /api/v1/login` gives a new one.",
  },
  forbidden: {
    means:
      "The token is valid but its user is not a member of the organization in the path; or the request's Host header names a host the mock does not serve (a guard against DNS rebinding); or a page of another site called the admin API.",
    fix: "Use an organization the token's user belongs to (Alice and Bob: Acme; Carol: Globex). For a Host name, start the mock with `--allowed-host <name>`.",
  },
  'not-found': {
    means:
      "No such record in this organization (an unknown id, another organization's record, another user's relationship: which of these is never revealed), or no such path.",
    fix: 'Check the id (ids are UUIDs) and that the record belongs to this organization; deleted records appear in lists with `include[]=deleted`.',
  },
  'method-not-allowed': {
    means:
      'The path exists but has no operation for this method. The `Allow` header lists the methods it has.',
    fix: 'Use one of the methods in `Allow`.',
  },
  'request-timeout': {
    means:
      "The request's headers or body did not arrive in time; the server closed the request before any operation ran.",
    fix: "Send the whole request promptly; the limits are the mock's `--headers-timeout` and `--request-timeout`.",
  },
  conflict: {
    means: 'The record is soft-deleted: a deleted record is read-only, and there is no restore.',
    fix: 'Create a new record instead, or purge the old one with `soft_delete=false`.',
  },
  'payload-too-large': {
    means: 'The body is larger than the server reads (100 KiB). Nothing was stored.',
    fix: 'Send a smaller body.',
  },
  'unsupported-media-type': {
    means:
      'The body is neither `application/x-www-form-urlencoded`, `multipart/form-data` (where forms are accepted) nor UTF-8 `application/json`.',
    fix: 'Set `Content-Type` to one of the types the operation lists; `fetch(url, { body: new FormData(form) })` and `URLSearchParams` bodies are both fine.',
  },
  validation: {
    means:
      'The body could be read, but some fields break the rules of the document. `errors` has one item per bad field, named as you sent it (`contact[first_name]`), with a sentence to show next to the field. Nothing was changed.',
    fix: 'Show each `errors[].message` next to its field; the rules of each field are in the API reference.',
  },
  'too-many-requests': {
    means:
      'Too many requests: a deployment may rate-limit; the mock answers it only when a fault rule or `Prefer: code=429` asks for it.',
    fix: 'Wait the number of seconds in `Retry-After`, then send the request again.',
  },
  'request-header-fields-too-large': {
    means:
      'The request line or the headers are too large; the server refused them before any operation ran.',
    fix: 'Send shorter headers (a long cookie or query string is the usual cause).',
  },
  internal: {
    means:
      'The server failed while handling the request; nothing was changed. On the mock with `--validate-responses`, it can also mean that an answer did not match the document (the log names the difference).',
    fix: "Send the request again; if it persists, look at the mock's log.",
  },
  unavailable: {
    means:
      'The server is starting or stopping, a write could not be saved, or a fault rule simulated it. Nothing was changed.',
    fix: 'Wait the number of seconds in `Retry-After`, then send the request again.',
  },
  'insufficient-storage': {
    means:
      'A write could not be saved because the disk is full or a file-size limit was reached. Nothing was changed.',
    fix: 'Free some disk space (or simulate this with a fault rule on purpose).',
  },
}
