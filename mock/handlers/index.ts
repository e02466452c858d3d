import { contactHandlers } from './contacts.ts'
import type { Handler, Handlers } from './operation.ts'
import { sessionHandlers } from './sessions.ts'
import { userRelationshipHandlers } from './user-relationships.ts'

const listRelationshipTypes: Handler<'listRelationshipTypes'> = async (_input, repos) => {
  const relationships = [...(await repos.relationshipTypes.list())]
  const count = relationships.length
  return { status: 200, body: { relationships, count, first: count > 0 ? 1 : 0 } }
}

/** One handler per operationId of the document; the type makes a missing one a compile error. */
export const HANDLERS: Handlers = {
  ...contactHandlers,
  ...userRelationshipHandlers,
  ...sessionHandlers,
  listRelationshipTypes,
}
