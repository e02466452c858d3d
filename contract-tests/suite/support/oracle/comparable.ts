// Which requests the reference model answers too, and which of its answers are compared with the
// target's: one rule, in order, each exclusion with the reason the run counts it under. What the
// reference cannot know (the deployment's own data, a fault asked for on purpose, the transport)
// is never compared; everything else about the run's own records is.
import { matchPath, toTemplate, type PathTemplate } from '../../../../openapi/path-templates.ts'
import type { IdMap } from './id-map.ts'
import { UUID } from './id-map.ts'

/** One request as the suite sent it, headers included. */
export interface SentExchange {
  method: string
  /** Below the base URL, without the query string. */
  path: string
  query: string
  body: string | undefined
  headers: Readonly<Record<string, string>>
}

export type Verdict =
  /** Sent to the reference, both answers compared. */
  | { kind: 'compare' }
  /** Sent to the reference, so its state follows the target's, but its answer not compared. */
  | { kind: 'follow'; reason: string }
  /** Not sent to the reference at all. */
  | { kind: 'skip'; reason: string }

/** What the rule needs to know about the run and the document. */
export interface RuleContext {
  /** The document's path templates (`/api/v1/orgs/{org_id}/contacts`). */
  templates: readonly string[]
  /**
   * The run's id: every word the suite gives its records carries it (`contract-run-<id>`, and the
   * unique words of records.ts), so a search holding it lists the run's records only.
   */
  runId: string
  ids: IdMap
  /** Set once the two states stopped mirroring each other (why, and at which request). */
  diverged: string | undefined
  /** Target ids (lower case) of records another session compared (a generated sequence's). */
  elsewhere?: ReadonlySet<string>
}

export const REASONS = {
  outside: "a path outside the document's",
  transport:
    'shaped at the transport level (a Host, a GET with a body, …), which fetch cannot carry',
  fault: 'a fault asked for (Prefer): followed, not compared',
  foreign: "naming a record of the deployment's",
  session: "naming a record of a generated sequence, compared by the sequence's own reference",
  catalog: "the deployment's catalog: followed, not compared",
  unnarrowed: "a list not narrowed to the run's records (by a search for the run's id)",
  diverged: "a list of the run's records after the two states diverged",
} as const

const TRANSPORT_HEADERS = ['host', 'content-length', 'transfer-encoding', 'connection', 'expect']

const matchers = new WeakMap<readonly string[], PathTemplate<string>[]>()

/** The document's template the path is a case of, if any. */
export function templateOf(templates: readonly string[], path: string): string | undefined {
  let compiled = matchers.get(templates)
  if (compiled === undefined) {
    compiled = templates.map((template) => toTemplate(template, template))
    matchers.set(templates, compiled)
  }
  return matchPath(compiled, path)?.value
}

const isRead = (method: string): boolean => ['GET', 'HEAD', 'OPTIONS'].includes(method)

/** A GET of a path whose last segment is not a parameter: a list, not one record. */
const isList = (method: string, template: string): boolean =>
  method === 'GET' && !/\}\/?$/.test(template)

/** A list that takes no org: the same for every organization of the deployment (the catalog). */
const isCatalog = (template: string): boolean => !template.includes('{')

/** The values of the query's `search` parameters, decoded. */
const searches = (query: string): string[] => new URLSearchParams(query).getAll('search')

/** The verdict for one request, before it reaches the reference. */
export function judgeRequest(sent: SentExchange, context: RuleContext): Verdict {
  const template = templateOf(context.templates, sent.path)
  if (template === undefined) return { kind: 'skip', reason: REASONS.outside }
  const names = Object.keys(sent.headers).map((name) => name.toLowerCase())
  if (
    names.some((name) => TRANSPORT_HEADERS.includes(name)) ||
    (isRead(sent.method) && sent.body !== undefined)
  ) {
    return { kind: 'skip', reason: REASONS.transport }
  }
  const named = [sent.path, sent.query, sent.body ?? ''].flatMap((text) => text.match(UUID) ?? [])
  if (named.some((id) => context.elsewhere?.has(id.toLowerCase()) === true))
    return { kind: 'skip', reason: REASONS.session }
  if (named.some((id) => context.ids.isForeign(id)))
    return { kind: 'skip', reason: REASONS.foreign }
  if (names.includes('prefer')) return { kind: 'follow', reason: REASONS.fault }
  if (isList(sent.method, template)) {
    if (isCatalog(template)) return { kind: 'follow', reason: REASONS.catalog }
    if (!searches(sent.query).some((search) => search.includes(context.runId))) {
      return { kind: 'skip', reason: REASONS.unnarrowed }
    }
    if (context.diverged !== undefined) return { kind: 'skip', reason: REASONS.diverged }
  }
  return { kind: 'compare' }
}
