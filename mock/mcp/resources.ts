// The resources: the OpenAPI document the mock runs on, its "Decisions beyond the interface", and
// each sandbox's identities (its own only: a sandbox's resource never holds another's tokens).
import type { OpenApiDocument } from '../../openapi/document.ts'
import { decisionsOf } from '../../contract-tests/suite/rules/decisions.ts'
import { callMock, ToolError, type MockLink } from './mock-link.ts'
import { describeSandbox, identitiesUri, type Sandboxes } from './sandboxes.ts'
import type { ReadResourceResult, Resource, ResourceTemplate } from './sdk.ts'

const DOCUMENT_URI = 'contacts-mock://documents/openapi.yaml'
const DECISIONS_URI = 'contacts-mock://decisions'
const IDENTITIES = /^contacts-mock:\/\/sandboxes\/([^/]+)\/identities$/

export const IDENTITIES_TEMPLATE: ResourceTemplate = {
  uriTemplate: 'contacts-mock://sandboxes/{sandbox}/identities',
  name: 'identities',
  title: 'A sandbox’s identities',
  description: 'Its org_id and its users: name, email, password, bearer token.',
  mimeType: 'application/json',
}

export function listResources(sandboxes: Sandboxes): Resource[] {
  return [
    {
      uri: DOCUMENT_URI,
      name: 'openapi.yaml',
      title: 'The Contacts API’s OpenAPI document',
      description: 'Every operation, status, schema and example the mock serves and checks by.',
      mimeType: 'application/yaml',
    },
    {
      uri: DECISIONS_URI,
      name: 'decisions',
      title: 'Decisions beyond the interface',
      description:
        'The choices the interface left open (order of checks, unknown fields, clearing a field...), numbered as the contract suite names them.',
      mimeType: 'text/markdown',
    },
    ...sandboxes.list().map((sandbox) => ({
      uri: identitiesUri(sandbox.name),
      name: `${sandbox.name} identities`,
      title: `Sandbox ${sandbox.name}: its users and tokens`,
      mimeType: 'application/json',
    })),
  ]
}

async function documentText(
  link: MockLink,
  file: 'openapi.yaml' | 'openapi.json',
): Promise<string> {
  const answer = await callMock(link, 'GET', `/${file}`)
  if (answer.status !== 200) {
    throw new ToolError(`The mock answered ${String(answer.status)} to GET /${file}.`)
  }
  return answer.text
}

/** The decisions as Markdown: one numbered item each, as the document words them. */
async function decisionsText(link: MockLink): Promise<string> {
  const document = JSON.parse(await documentText(link, 'openapi.json')) as OpenApiDocument
  const items = decisionsOf(document).map(({ text }) => text)
  return `# Decisions beyond the interface\n\n${items.join('\n\n')}\n`
}

export async function readResource(
  uri: string,
  link: MockLink,
  sandboxes: Sandboxes,
): Promise<ReadResourceResult> {
  const text = (mimeType: string, body: string): ReadResourceResult => ({
    contents: [{ uri, mimeType, text: body }],
  })
  if (uri === DOCUMENT_URI)
    return text('application/yaml', await documentText(link, 'openapi.yaml'))
  if (uri === DECISIONS_URI) return text('text/markdown', await decisionsText(link))
  const sandbox = IDENTITIES.exec(uri)?.[1]
  if (sandbox !== undefined) {
    const identities = describeSandbox(sandboxes.get(decodeURIComponent(sandbox)))
    return text('application/json', JSON.stringify(identities, null, 2))
  }
  throw new ToolError(`There is no resource ${uri}.`)
}
