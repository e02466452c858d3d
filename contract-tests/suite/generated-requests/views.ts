// The views of the schemas of the run's document (--document), for the request generators.
import { contractDocument } from '../support/document.ts'
import { isObjectView, schemaViews } from './schema-view.ts'

export const { followRef, viewOf } = schemaViews(contractDocument)

/** Every field of an object schema, nested ones too: `[contact]`, `[contact, first_name]`. */
export function fieldPaths(schema: unknown, path: readonly string[] = []): string[][] {
  const view = viewOf(schema)
  if (!isObjectView(view) || view.branches.length > 0) return []
  return Object.entries(view.properties).flatMap(([name, property]) => [
    [...path, name],
    ...fieldPaths(property, [...path, name]),
  ])
}
