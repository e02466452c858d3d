// A rule the document states, with the id a check declares it covers by (`covers: [...]`) and the
// line a person reads in `contacts-contract --coverage`. The ids are built here only, so the
// catalogue and the checks that compute their covers (the generated requests) cannot disagree.
import type { Provenance } from '../../../openapi/provenance.ts'

/** The kinds in the order --coverage lists them. */
export const RULE_KINDS = ['decision', 'status', 'order', 'field', 'query', 'header'] as const
export type RuleKind = (typeof RULE_KINDS)[number]

/** Decision 2's stages, named once for every operation they apply to. */
export type Stage =
  | 'route'
  | 'auth'
  | 'membership'
  | 'size'
  | 'path-id'
  | 'query'
  | 'media'
  | 'syntax'
  | 'fields'
  | 'existence'
  | 'state'

/** How a body travels, as rule ids name it: the document's media types. */
export type BodyMedia = 'json' | 'form' | 'multipart'

/** The constraint keywords of a field; `additionalProperties` stands for "unknown fields". */
export type FieldKeyword =
  | 'required'
  | 'type'
  | 'nullable'
  | 'enum'
  | 'minimum'
  | 'maximum'
  | 'minLength'
  | 'maxLength'
  | 'format'
  | 'pattern'
  | 'minItems'
  | 'maxItems'
  | 'minProperties'
  | 'additionalProperties'

/** Who states a rule (openapi/provenance.ts); `unlabelled` where the document does not say. */
export type RuleProvenance = Provenance | 'unlabelled'

interface RuleBase {
  id: string
  /** One line a person reads. */
  title: string
  provenance: RuleProvenance
  /** The operation it belongs to; undefined for a decision or a rule of every path. */
  operationId?: string
}

export type Rule =
  | (RuleBase & { kind: 'decision'; decision: number })
  | (RuleBase & { kind: 'status'; status: number })
  | (RuleBase & { kind: 'order'; earlier: Stage; later: Stage })
  | (RuleBase & {
      kind: 'field'
      media: string
      /** Dotted, `$` for the body itself: `contact.first_name`. */
      field: string
      keyword: FieldKeyword
    })
  | (RuleBase & { kind: 'query'; parameter: string | undefined; keyword: FieldKeyword | 'unknown' })
  | (RuleBase & { kind: 'header'; status: number; header: string })

/** Rule ids of what holds for every path rather than one operation (405 and its Allow header). */
export const EVERY_PATH = '*'

export const decisionRule = (decision: number): string => `decision:${String(decision)}`

export const statusRule = (operationId: string, status: number | string): string =>
  `status:${operationId}:${String(status)}`

export const orderRule = (operationId: string, earlier: Stage, later: Stage): string =>
  `order:${operationId}:${earlier}-before-${later}`

/** `['contact', 'first_name']` → `contact.first_name`; the body itself is `$`. */
export const dottedField = (path: readonly string[]): string =>
  path.length === 0 ? '$' : path.join('.')

export const fieldRule = (
  operationId: string,
  media: string,
  path: readonly string[],
  keyword: FieldKeyword,
): string => `field:${operationId}:${media}:${dottedField(path)}:${keyword}`

export const queryRule = (operationId: string, parameter: string, keyword: FieldKeyword): string =>
  `query:${operationId}:${parameter}:${keyword}`

/** Decision 3: an unknown query parameter is a 400, for every operation. */
export const unknownQueryRule = (operationId: string): string => `query:${operationId}:unknown`

export const headerRule = (operationId: string, status: number | string, header: string): string =>
  `header:${operationId}:${String(status)}:${header}`

const MEDIA_NAMES: Readonly<Record<string, BodyMedia>> = {
  'application/json': 'json',
  'application/x-www-form-urlencoded': 'form',
  'multipart/form-data': 'multipart',
}

/** `application/json` → `json`; a media type the suite has no name for keeps its own. */
export const mediaName = (mediaType: string): string => MEDIA_NAMES[mediaType] ?? mediaType

/** The kind of a rule id, from its prefix; undefined for a string that is no rule id. */
export function kindOf(id: string): RuleKind | undefined {
  const prefix = id.slice(0, id.indexOf(':'))
  return RULE_KINDS.find((kind) => kind === prefix)
}
