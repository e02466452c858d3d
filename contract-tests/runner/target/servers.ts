// The servers a run may start: the bundled mock (no --base-url) and Prism's proxy (--via-prism).
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { DOCUMENT_PATH } from '../../../openapi/document-files.ts'
import { CannotRunError } from '../cannot-run.ts'
import { MOCK_MAIN, nodeArgs } from '../locate.ts'
import { freePort, startNodeProcess, type StartOptions } from './processes.ts'
import { makeTempDir, type Resources } from '../resources.ts'

async function start(resources: Resources, options: StartOptions): Promise<string> {
  try {
    const { child, url } = await startNodeProcess(options)
    resources.processes.push(child)
    return url
  } catch (error) {
    throw new CannotRunError(error instanceof Error ? error.message : String(error))
  }
}

/** The mock on a free port, with a new data file (filled from its fixtures) in a temporary folder. */
export async function startMock(resources: Resources): Promise<string> {
  const dir = await makeTempDir(resources, 'contract-mock-')
  return start(resources, {
    name: 'The bundled mock',
    args: nodeArgs(
      MOCK_MAIN,
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--db',
      join(dir, 'db.json'),
      // the check of 408 waits for it: 2 s rather than the default 10
      '--headers-timeout',
      '2000',
      '--quiet',
    ),
  })
}

/** Prism's command line (its package's entry point), or why it cannot run. */
export function prismCli(): string {
  let manifest: string
  try {
    manifest = createRequire(import.meta.url).resolve('@stoplight/prism-cli/package.json')
  } catch {
    throw new CannotRunError(
      '--via-prism needs @stoplight/prism-cli, a devDependency of the contacts-mock-kit repository: ' +
        'run it from a clone of the repository, after npm ci.',
    )
  }
  return join(dirname(manifest), 'dist', 'index.js')
}

/**
 * Prism's validating proxy in front of `target`: it adds an sl-violations header to every answer
 * that breaks the document, and the suite's response check fails on it.
 */
export async function startPrism(
  target: string,
  resources: Resources,
  document: string = DOCUMENT_PATH,
): Promise<string> {
  const cli = prismCli()
  const port = await freePort()
  return start(resources, {
    name: "Prism's proxy",
    // --errors=false: forward everything and report violations in sl-violations.
    // --cors=false: let the target answer CORS itself, so its CORS behaviour is checked too.
    args: [
      cli,
      'proxy',
      document,
      target,
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--errors=false',
      '--cors=false',
    ],
    ready: /Prism is listening on (http:\/\/\S+)\r?\n/,
  })
}
