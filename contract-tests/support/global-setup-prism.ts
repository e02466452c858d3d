// npm run contract:prism: the same suite, through Prism's validating proxy in front of the target
// (CONTRACT_BASE_URL, or the mock the normal setup starts). Prism adds an sl-violations header to
// every answer that breaks the document; the suite's response check fails on it.
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Config } from '@jest/types'
import { DOCUMENT_PATH } from '../../openapi/document.ts'
import globalSetup from './global-setup.ts'
import { freePort, startNodeProcess } from './processes.ts'
import { orRelease, suiteState } from './suite-processes.ts'

const prismCli = (): string => {
  const manifest = createRequire(import.meta.url).resolve('@stoplight/prism-cli/package.json')
  return join(dirname(manifest), 'dist', 'index.js')
}

export default async function globalSetupWithPrism(
  globalConfig: Config.GlobalConfig,
): Promise<void> {
  await globalSetup(globalConfig)
  const target = process.env['CONTRACT_BASE_URL'] ?? ''
  const port = await freePort()
  const prism = await orRelease(() =>
    startNodeProcess({
      name: 'Prism proxy',
      // --errors=false: forward everything and report violations in sl-violations.
      // --cors=false: let the target answer CORS itself, so its CORS behaviour is checked too.
      args: [
        prismCli(),
        'proxy',
        DOCUMENT_PATH,
        target,
        '--host',
        '127.0.0.1',
        '--port',
        String(port),
        '--errors=false',
        '--cors=false',
      ],
      cwd: globalConfig.rootDir,
      ready: /Prism is listening on (http:\/\/\S+)/,
    }),
  )
  suiteState().processes.push(prism.child)
  Object.assign(process.env, { CONTRACT_BASE_URL: prism.url, CONTRACT_VIA_PRISM: '1' })
  console.log(`contract suite: through Prism's proxy at ${prism.url}, in front of ${target}`)
}
