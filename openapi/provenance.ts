// Who states each rule of the document: the interface as the user gave it, the real service's
// public docs, or one of this kit's numbered decisions (`info.description`). The document says it
// with `x-provenance` where a rule's source differs from its parent's: on an operation, a
// response, a header, a request body's media type, a parameter, a schema.
// Its value is one provenance for everything below it (`x-provenance: interface`) or one per
// constraint keyword, `*` for the rest (`x-provenance: {'*': interface, maxLength: decision 7}`;
// not `default`, which a linter reads as a schema's default value). Against a real deployment, a
// broken rule of the interface is a broken deployment; a broken decision is a deployment that
// decided otherwise. Pure: the browser bundle reads the model this is part of.

export type Provenance = 'interface' | 'service-docs' | `decision ${number}`

/** What one place of the document states: a provenance per keyword, `*` for the others. */
export type ProvenanceStatement = Readonly<Record<string, Provenance>>

export const PROVENANCE_KEY = 'x-provenance'
/** The key of a statement for the keywords it does not name. */
const ALL = '*'

const DECISION = /^decision ([1-9]\d*)$/

export const isProvenance = (value: unknown): value is Provenance =>
  value === 'interface' ||
  value === 'service-docs' ||
  (typeof value === 'string' && DECISION.test(value))

export const decisionLabel = (decision: number): Provenance =>
  `decision ${String(decision) as `${number}`}`

/** What `contacts-contract --only` selects: a provenance, or `decisions` for every decision. */
export type ProvenanceSelection = Provenance | 'decisions'

/** Whether a rule of this provenance is of the selection. */
export const isSelected = (
  selection: readonly ProvenanceSelection[],
  provenance: string,
): boolean =>
  selection.some((chosen) =>
    chosen === 'decisions' ? decisionNumberOf(provenance) !== undefined : chosen === provenance,
  )

/** The decision's number of `decision 7`; undefined for the interface and the docs. */
export function decisionNumberOf(provenance: string): number | undefined {
  const match = DECISION.exec(provenance)
  return match === null ? undefined : Number(match[1])
}

const refuse = (where: string, value: unknown): never => {
  throw new Error(
    `${PROVENANCE_KEY} at ${where}: ${JSON.stringify(value)} is none of interface, service-docs, ` +
      '`decision N`, nor a map of keywords to them',
  )
}

/** The `x-provenance` of a node of the document, as a statement; `where` names it in an error. */
export function readProvenance(node: unknown, where: string): ProvenanceStatement | undefined {
  if (typeof node !== 'object' || node === null) return undefined
  const value: unknown = (node as Record<string, unknown>)[PROVENANCE_KEY]
  if (value === undefined) return undefined
  if (isProvenance(value)) return { [ALL]: value }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return refuse(where, value)
  }
  const entries = Object.entries(value as Record<string, unknown>)
  const statement: Record<string, Provenance> = {}
  for (const [keyword, provenance] of entries) {
    statement[keyword] = isProvenance(provenance) ? provenance : refuse(where, value)
  }
  return statement
}

/** One statement over another: `over`'s keywords win. */
export const overlay = (
  under: ProvenanceStatement | undefined,
  over: ProvenanceStatement | undefined,
): ProvenanceStatement | undefined =>
  under === undefined ? over : over === undefined ? under : { ...under, ...over }

/**
 * The provenance of a rule from the statements above it, outermost first (its operation, then a
 * response or a body's media type, the schemas it goes through), the last one its own, read for
 * its keyword. The nearest statement says who states the rule; but a rule below a decision holds
 * only where that decision does (a field's `required` in a JSON body, which the kit decided to
 * take), so the nearest decision wins over the interface and the docs.
 */
export function resolveProvenance(
  chain: readonly (ProvenanceStatement | undefined)[],
  keyword?: string,
): Provenance | undefined {
  const labels = chain.flatMap((statement, index) => {
    const own =
      index === chain.length - 1 && keyword !== undefined ? statement?.[keyword] : undefined
    const label = own ?? statement?.[ALL]
    return label === undefined ? [] : [label]
  })
  return labels.findLast((label) => decisionNumberOf(label) !== undefined) ?? labels.at(-1)
}
