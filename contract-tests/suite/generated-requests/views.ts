// The views of the schemas of the run's document (--document), for the request generators.
import { contractDocument } from '../support/document.ts'
import { schemaViews } from './schema-view.ts'

export const { followRef, viewOf } = schemaViews(contractDocument)
