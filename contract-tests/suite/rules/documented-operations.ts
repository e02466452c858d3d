// What the catalogue and the checks ask of an operation of the document model beyond what it
// states: which parameters name records, whether it is an organization's, whether it takes a body.
import type { DocumentOperation, DocumentParameter } from '../../../openapi/document-model.ts'

export const queryParametersOf = (operation: DocumentOperation): DocumentParameter[] =>
  operation.parameters.filter((parameter) => parameter.in === 'query')

/** The path's record ids: every path parameter but the organization's. */
export const recordIdsOf = (operation: DocumentOperation): DocumentParameter[] =>
  operation.parameters.filter((parameter) => parameter.in === 'path' && parameter.name !== 'org_id')

export const isOrgScoped = (operation: DocumentOperation): boolean =>
  operation.parameters.some((parameter) => parameter.in === 'path' && parameter.name === 'org_id')

export const takesBody = (operation: DocumentOperation): boolean =>
  operation.requestBody !== undefined
