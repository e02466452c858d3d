import type { Request, Response } from 'express'
import type { OpenApiDocument } from '../../openapi/document.ts'
import { HttpError, PROBLEM_PATH, PROBLEM_TYPES } from '../shared/problem.ts'
import { documentsStatus, type NamedOperation } from '../../openapi/document-model.ts'
import { listOperations, referenceLinkOf, summaryOf } from './document-operations.ts'
import { escapeHtml, renderPage, sendHtml } from './html.ts'
import { PROBLEM_TEXTS } from './problem-texts.ts'

/** `code` in the texts becomes <code>: they are written for people who read code. */
const withCode = (text: string): string =>
  escapeHtml(text).replace(/`([^`]+)`/g, (_match, code: string) => `<code>${code}</code>`)

function operationList(
  status: number,
  sources: [label: string, source: 'api' | 'admin', operations: NamedOperation[]][],
): string {
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
  const sources: [string, 'api' | 'admin', NamedOperation[]][] = [
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
