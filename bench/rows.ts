import type { Row } from './report.ts'
import type { Measured } from './steps.ts'

/** The table rows, each with its reference row resolved and its ratio to it. */
export function toRows(measured: readonly Measured[]): Row[] {
  const rows = new Map<string, Row>()
  for (const result of measured) {
    const { operation, measurement } = result
    const reference = operation.reference === undefined ? undefined : rows.get(operation.reference)
    if (operation.reference !== undefined && reference === undefined) {
      // a reference is always measured first, in the same run
      throw new Error(`${operation.name}: its reference ${operation.reference} was not measured`)
    }
    rows.set(operation.id, {
      section: result.section,
      id: operation.id,
      name: operation.name,
      contacts: result.contacts,
      connections: operation.connections,
      local: result.local,
      measurement,
      reference,
      ratio: reference && measurement.requestsPerSecond / reference.measurement.requestsPerSecond,
      target: operation.target,
      p99TargetMs: operation.p99TargetMs,
    })
  }
  return [...rows.values()]
}
