// What `info.description` states beyond the operations: its numbered "Decisions beyond the
// interface" (each one a rule, titled by its bold words), and the statuses of its table of errors
// that no operation lists (405, 408, 431: answered for any path), with the headers they name; the
// table's third column says who states each row (`decision 25`).
import type { OpenApiDocument } from '../../../openapi/document.ts'
import { decisionLabel, isProvenance } from '../../../openapi/provenance.ts'
import {
  decisionRule,
  EVERY_PATH,
  headerRule,
  statusRule,
  type Rule,
  type RuleProvenance,
} from './rule.ts'

export interface Decision {
  number: number
  /** The bold words: `Order of checks`. */
  title: string
  /** The whole item, bold words included. */
  text: string
}

const SECTION = /^#+\s*Decisions beyond the interface\s*$/im
const ITEM = /^(\d+)\.\s+\*\*([^*]+)\*\*/gm
const TABLE_ROW = /^\|\s*(\d{3})\s*\|([^|\n]*)\|(?:([^|\n]*)\|)?\s*$/gm
/** "(with an `Allow` header)", "(with `WWW-Authenticate: Bearer`)": the header's name. */
const NAMED_HEADER = /\bwith (?:an? )?`([A-Za-z][A-Za-z-]*)/g

const descriptionOf = (document: OpenApiDocument): string => document.info.description ?? ''

/** The numbered decisions, in the document's order. */
export function decisionsOf(document: OpenApiDocument): Decision[] {
  const description = descriptionOf(document)
  const start = SECTION.exec(description)
  if (start === null) return []
  const rest = description.slice(start.index + start[0].length)
  const end = /^#+\s/m.exec(rest)?.index ?? rest.length
  const section = rest.slice(0, end)
  const items = [...section.matchAll(ITEM)]
  return items.map((item, index) => ({
    number: Number(item[1]),
    title: (item[2] ?? '').replace(/\s+/g, ' ').trim(),
    text: section
      .slice(item.index, items[index + 1]?.index ?? section.length)
      .replace(/\s+/g, ' ')
      .trim(),
  }))
}

/** A decision's rules are of that decision, by construction; none found: not labelled. */
export const decisionProvenance = (decision: Decision | undefined): RuleProvenance =>
  decision === undefined ? 'unlabelled' : decisionLabel(decision.number)

export const decisionRules = (decisions: readonly Decision[]): Rule[] =>
  decisions.map((decision) => ({
    id: decisionRule(decision.number),
    kind: 'decision',
    decision: decision.number,
    title: `Decision ${String(decision.number)}: ${decision.title}`,
    provenance: decisionProvenance(decision),
  }))

/**
 * The rows of the description's table of errors whose status no operation lists: a rule of every
 * path (`status:*:405`), and one for each header the row names (`header:*:405:Allow`).
 */
export function everyPathRules(document: OpenApiDocument, listed: ReadonlySet<number>): Rule[] {
  const rows = [...descriptionOf(document).matchAll(TABLE_ROW)]
  return rows.flatMap(([, code = '', when = '', stated = '']) => {
    const status = Number(code)
    if (listed.has(status)) return []
    const reason = when.trim()
    const label = stated.trim()
    const provenance: RuleProvenance = isProvenance(label) ? label : 'unlabelled'
    const headers = [...reason.matchAll(NAMED_HEADER)].map(([, header = '']) => header)
    return [
      {
        id: statusRule(EVERY_PATH, status),
        kind: 'status',
        status,
        title: `Any path answers ${code}: ${reason}`,
        provenance,
      },
      ...headers.map((header): Rule => ({
        id: headerRule(EVERY_PATH, status, header),
        kind: 'header',
        status,
        header,
        title: `Any path's ${code} carries ${header}`,
        provenance,
      })),
    ]
  })
}
