// Prism's own stateless mock of the document (`prism mock`, what `npm run mock:prism` serves) on a
// free port: a server nobody here wrote, answering every request with an example of the document
// whatever the request said, so most checks fail.
import { DOCUMENT_PATH } from '../../openapi/document-files.ts'
import { freePort, startNodeProcess } from '../runner/target/processes.ts'
import type { Resources } from '../runner/resources.ts'
import { prismCli } from '../runner/target/servers.ts'

/** Starts it; it is stopped with the other `resources`. Resolves with its URL. */
export async function startPrismMock(resources: Resources): Promise<string> {
  const port = await freePort()
  const { child, url } = await startNodeProcess({
    name: "Prism's mock",
    args: [prismCli(), 'mock', DOCUMENT_PATH, '--host', '127.0.0.1', '--port', String(port)],
    ready: /Prism is listening on (http:\/\/\S+)/,
  })
  resources.processes.push(child)
  return url
}
