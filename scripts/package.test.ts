// The package as a user gets it: packed, installed offline into a fresh project, and used there
// through its two commands, its programmatic API and its types.
import { MCP_TOOL_NAMES } from '../test-support/mcp-tools.ts'
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { startProxy } from '../contract-tests/self-test/faulty/proxy.ts'
import { noLocation } from '../contract-tests/self-test/faulty/response-faults.ts'
import { ACME_ORG_ID, ALICE, BOB, CAROL, GLOBEX_ORG_ID } from '../fixtures/identities.ts'
import {
  createProject,
  packTarball,
  removeProject,
  ROOT,
  runBin,
  runInspector,
  compileTypeScript,
  runNode,
  runNpx,
  startBin,
  weigh,
  writeProjectFile,
} from './packed-project.ts'
import { findLinksOutside } from './markdown-links.ts'
import { exampleOf } from './markdown-examples.ts'

let packDir: string
let tarball: string
// empty until beforeAll gets there: a failed install must still be cleaned up
let project = ''
let mock: Awaited<ReturnType<typeof startBin>>
const started: { kill: (signal: NodeJS.Signals) => boolean }[] = []
const identities = (url: string): string[] => [
  ...['--base-url', url, '--token', ALICE.token, '--org', ACME_ORG_ID],
  ...['--second-token', BOB.token, '--foreign-org', GLOBEX_ORG_ID, '--foreign-token', CAROL.token],
]

/** The README's typed client example: the TypeScript block after the marker. */
function readmeExample(): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
  const after =
    readme.split('<!-- the example below is run by scripts/package.test.ts -->')[1] ?? ''
  const code = /```ts\n([\s\S]*?)```/.exec(after)?.[1]
  if (code === undefined) throw new Error('README.md has no tested example')
  return code
}

beforeAll(async () => {
  packDir = mkdtempSync(join(tmpdir(), 'contacts-mock-kit-pack-'))
  tarball = await packTarball(packDir)
  project = await createProject(tarball, [
    'openapi-fetch',
    'typescript',
    'msw',
    'vitest',
    'happy-dom',
  ])
  mock = await startBin(project)
  started.push(mock.child)
}, 400_000)

afterAll(() => {
  for (const child of started) child.kill('SIGKILL')
  if (project !== '') removeProject(project)
  removeProject(packDir)
})

describe('contacts-mock-kit installed in a fresh project', () => {
  test('When contacts-mock --help runs, then it exits 0 explaining every flag', async () => {
    // Act
    const help = await runBin(project, 'contacts-mock', ['--help'])

    // Assert
    expect(help.code).toBe(0)
    expect(help.output).toContain('--port')
    expect(help.output).toContain('--validate-responses')
  })

  test('When npx contacts-mock-kit --help runs, then the mock explains its flags', async () => {
    // Act
    const help = await runNpx(project, ['contacts-mock-kit', '--help'])

    // Assert
    expect(help.code).toBe(0)
    expect(help.output).toContain('--port')
  })

  test('When npx contacts-mock-kit runs where the package is not installed, then the bin named as the package is the mock', () => {
    // Arrange: npx fetches the package named on its command line and, among several bins, runs the
    // one named as the package (npm's getBinFromManifest); an unknown name is a registry 404
    const manifest = JSON.parse(
      readFileSync(join(project, 'node_modules/contacts-mock-kit/package.json'), 'utf8'),
    ) as { name: string; bin: Record<string, string> }

    // Assert
    expect(manifest.bin[manifest.name]).toBe(manifest.bin['contacts-mock'])
    expect(Object.keys(manifest.bin)).toEqual(
      expect.arrayContaining(['contacts-mock', 'contacts-contract']),
    )
  })

  test('When contacts-mock runs on port 0, then it serves the contacts and keeps its data in the project', async () => {
    // Act
    const res = await fetch(`${mock.url}/api/v1/orgs/${ACME_ORG_ID}/contacts`, {
      headers: { Authorization: `Bearer ${ALICE.token}` },
    })

    // Assert
    expect(res.status).toBe(200)
    expect(readFileSync(join(project, 'data', 'db.json'), 'utf8').length).toBeGreaterThan(0)
  })

  test('When npx contacts-mock-kit pull runs, then --help explains its flags and a pull of the installed mock writes a seed', async () => {
    // Act
    const help = await runNpx(project, ['contacts-mock-kit', 'pull', '--help'])
    const pull = await runNpx(
      project,
      ['contacts-mock-kit', 'pull', '--url', mock.url, '--org', ACME_ORG_ID, '--out', 'seed.json'],
      { PULL_TOKEN: ALICE.token },
    )

    // Assert
    expect(help.code).toBe(0)
    expect(help.output).toContain('--anonymize')
    expect(pull.output).toMatch(/Pulled \d+ contacts/)
    expect(pull.code).toBe(0)
    expect(readFileSync(join(project, 'seed.json'), 'utf8')).toContain(ACME_ORG_ID)
  }, 120_000)

  test('When contacts-contract checks that mock, then it exits 0', async () => {
    // Act
    const run = await runBin(project, 'contacts-contract', identities(mock.url))

    // Assert
    expect(run.output).toMatch(/\d+ passed, 0 failed/)
    expect(run.code).toBe(0)
  }, 120_000)

  test('When contacts-contract checks a server that drops the Location header, then it exits 1', async () => {
    // Arrange
    const faulty = await startProxy(mock.url, noLocation)

    // Act
    const run = await runBin(project, 'contacts-contract', identities(faulty.url))
    await faulty.close()

    // Assert
    expect(run.code).toBe(1)
    expect(run.output).toContain(noLocation.caughtBy)
  }, 120_000)

  test('When contacts-contract is pointed at a closed port, then it exits 2 with one line', async () => {
    // Act
    const run = await runBin(project, 'contacts-contract', identities('http://127.0.0.1:9'))

    // Assert
    expect(run.code).toBe(2)
    expect(run.output.trim().split('\n')).toHaveLength(1)
  })

  test('When the MCP Inspector lists the tools of npx contacts-mock-kit mcp, then it gets every tool with its input and output schemas', async () => {
    // Arrange
    const before = readdirSync(project).sort()

    // Act
    const listed = await runInspector(project, [
      ...['--cli', 'npx', 'contacts-mock-kit', 'mcp'],
      ...['--method', 'tools/list'],
    ])

    // Assert
    expect([listed.code, listed.code === 0 ? '' : listed.output]).toEqual([0, ''])
    const { tools } = JSON.parse(listed.stdout) as {
      tools: { name: string; inputSchema: { type: string }; outputSchema?: { type: string } }[]
    }
    expect(tools.map((tool) => tool.name).sort()).toEqual(MCP_TOOL_NAMES)
    for (const tool of tools) {
      expect([tool.inputSchema.type, tool.outputSchema?.type]).toEqual(['object', 'object'])
    }
    // its check of schemas that clients with one `type` per schema (Gemini's) cannot read
    expect(listed.output).not.toContain('Schema portability')
    // its data folder was a temporary one, and the SDK is inside the package, not installed
    expect(readdirSync(project).sort()).toEqual(before)
    expect(existsSync(join(project, 'node_modules', '@modelcontextprotocol'))).toBe(false)
  }, 120_000)

  test('When the MCP Inspector calls sandbox_create of npx contacts-mock-kit mcp, then the mock started in its thread answers with an org and two users with tokens', async () => {
    // Act
    const called = await runInspector(project, [
      ...['--cli', 'npx', 'contacts-mock-kit', 'mcp'],
      ...['--method', 'tools/call', '--tool-name', 'sandbox_create'],
    ])

    // Assert
    expect([called.code, called.code === 0 ? '' : called.output]).toEqual([0, ''])
    const answer = JSON.parse(called.stdout) as {
      isError?: boolean
      structuredContent?: { name: string; org_id: string; users: { token: string }[] }
    }
    expect(answer.isError).not.toBe(true)
    expect(answer.structuredContent?.name).toBe('sandbox-1')
    expect(answer.structuredContent?.org_id).toMatch(/^[0-9a-f-]{36}$/)
    expect(answer.structuredContent?.users.map((user) => user.token.length > 0)).toEqual([
      true,
      true,
    ])
  }, 120_000)

  test('When startMock() is used from an .mjs file, then it serves, resets and closes', async () => {
    // Arrange
    writeProjectFile(
      project,
      'start.mjs',
      `import { startMock } from 'contacts-mock-kit'
const mock = await startMock()
const contacts = \`\${mock.url}/api/v1/orgs/\${mock.orgs.acme}/contacts\`
const headers = { Authorization: \`Bearer \${mock.tokens.alice}\` }
const count = async () => (await (await fetch(contacts, { headers })).json()).count
const before = await count()
await fetch(contacts, { method: 'POST', headers, body: new URLSearchParams({ 'contact[first_name]': 'Ann', 'contact[relationship_type]': '1' }) })
const created = await count()
await mock.reset()
const reset = await count()
await mock.close()
console.log(JSON.stringify({ before, created, reset }))
`,
    )

    // Act
    const run = await runNode(project, 'start.mjs')

    // Assert
    expect(run.code).toBe(0)
    const { before, created, reset } = JSON.parse(run.output) as Record<string, number>
    expect(created).toBe((before ?? 0) + 1)
    expect(reset).toBe(before)
  })

  test('When createMockFetch of contacts-mock-kit/fetch is used from an .mjs file, then it answers, resets and closes', async () => {
    // Arrange
    writeProjectFile(
      project,
      'fetch.mjs',
      `import { createMockFetch } from 'contacts-mock-kit/fetch'
const mock = createMockFetch()
await mock.ready
const contacts = \`http://localhost/api/v1/orgs/\${mock.orgs.acme}/contacts\`
const headers = { Authorization: \`Bearer \${mock.tokens.alice}\` }
const count = async () => (await (await mock(contacts, { headers })).json()).count
const before = await count()
const created = await mock(contacts, { method: 'POST', headers, body: new URLSearchParams({ 'contact[first_name]': 'Ann', 'contact[relationship_type]': '1' }) })
const after = await count()
await mock.reset()
const reset = await count()
await mock.close()
console.log(JSON.stringify({ status: created.status, before, after, reset }))
`,
    )

    // Act
    const run = await runNode(project, 'fetch.mjs')

    // Assert
    expect(run.code).toBe(0)
    const { status, before, after, reset } = JSON.parse(run.output) as Record<string, number>
    expect(status).toBe(201)
    expect(after).toBe((before ?? 0) + 1)
    expect(reset).toBe(before)
  })

  test('When createHandlers of contacts-mock-kit/msw is given to setupServer, then the platform fetch is answered by the mock', async () => {
    // Arrange
    writeProjectFile(
      project,
      'msw.mjs',
      `import { setupServer } from 'msw/node'
import { createHandlers } from 'contacts-mock-kit/msw'
const handlers = createHandlers()
const server = setupServer(...handlers)
server.listen({ onUnhandledRequest: 'error' })
await handlers.ready
const response = await fetch(\`https://app.example.test/api/v1/orgs/\${handlers.orgs.acme}/contacts?limit=2\`, {
  headers: { Authorization: \`Bearer \${handlers.tokens.alice}\` },
})
const body = await response.json()
server.close()
await handlers.close()
console.log(JSON.stringify({ status: response.status, listed: body.contacts.length }))
`,
    )

    // Act
    const run = await runNode(project, 'msw.mjs')

    // Assert
    expect(run.code).toBe(0)
    expect(JSON.parse(run.output)).toEqual({ status: 200, listed: 2 })
  })

  test('When createBrowserMockFetch of contacts-mock-kit/browser (the bundle) is used, then it answers from the bundled fixtures', async () => {
    // Arrange
    writeProjectFile(
      project,
      'browser.mjs',
      `import { createBrowserMockFetch } from 'contacts-mock-kit/browser'
const mock = createBrowserMockFetch()
await mock.ready
const response = await mock(\`http://localhost/api/v1/orgs/\${mock.orgs.acme}/contacts?limit=2\`, {
  headers: { Authorization: \`Bearer \${mock.tokens.alice}\` },
})
const body = await response.json()
await mock.close()
console.log(JSON.stringify({ status: response.status, listed: body.contacts.length }))
`,
    )

    // Act
    const run = await runNode(project, 'browser.mjs')

    // Assert
    expect(run.code).toBe(0)
    expect(JSON.parse(run.output)).toEqual({ status: 200, listed: 2 })
  })

  test('When every entry is imported from an .mjs file, then each gives its functions', async () => {
    // Arrange
    writeProjectFile(
      project,
      'entries.mjs',
      `import * as root from 'contacts-mock-kit'
import * as fetch from 'contacts-mock-kit/fetch'
import * as msw from 'contacts-mock-kit/msw'
import * as types from 'contacts-mock-kit/types'
import * as browser from 'contacts-mock-kit/browser'
const kinds = [root.startMock, fetch.createMockFetch, msw.createHandlers, browser.createBrowserMockFetch, browser.startMockWorker].map((f) => typeof f)
console.log(JSON.stringify({ kinds, types: typeof types }))
`,
    )

    // Act
    const run = await runNode(project, 'entries.mjs')

    // Assert
    expect(run.code).toBe(0)
    expect(JSON.parse(run.output)).toEqual({
      kinds: ['function', 'function', 'function', 'function', 'function'],
      types: 'object',
    })
  })

  test('When a TypeScript file uses contacts-mock-kit/fetch, /msw and /browser with moduleResolution nodenext, then tsc accepts it', async () => {
    // Arrange
    writeProjectFile(
      project,
      'typed/use.ts',
      `import { createMockFetch, type MockFetch } from 'contacts-mock-kit/fetch'
import { createHandlers, type MockHandlers } from 'contacts-mock-kit/msw'
import { startMockWorker, type MockWorker } from 'contacts-mock-kit/browser'
export const startInPage = (): Promise<MockWorker> => startMockWorker({ baseUrl: '/' })
const mock: MockFetch = createMockFetch({ baseUrl: 'http://localhost', delay: [0, 5] })
const handlers: MockHandlers = createHandlers({ mock })
export async function firstName(id: string): Promise<string> {
  const response: Response = await mock(\`/api/v1/orgs/\${mock.orgs['acme'] ?? ''}/contacts/\${id}\`)
  const saved = await handlers.mock.snapshots.save('before')
  return ((await response.json()) as { first_name: string }).first_name + saved.name
}
`,
    )

    // Act
    const compiled = await compileTypeScript(
      project,
      'typed',
      { module: 'nodenext', outDir: 'out' },
      { files: ['use.ts'] },
    )

    // Assert
    expect(compiled.output).toBe('')
    expect(compiled.code).toBe(0)
  }, 60_000)

  test.each(['bundler', 'nodenext'])(
    'When the README example imports contacts-mock-kit/types with moduleResolution %s, then tsc accepts it',
    async (resolution) => {
      // Arrange
      writeProjectFile(project, `${resolution}/client.ts`, readmeExample())

      // Act
      const compiled = await compileTypeScript(
        project,
        resolution,
        {
          module: resolution === 'bundler' ? 'esnext' : 'nodenext',
          moduleResolution: resolution,
          outDir: 'out',
        },
        { files: ['client.ts'] },
      )

      // Assert
      expect(compiled.output).toBe('')
      expect(compiled.code).toBe(0)
    },
    60_000,
  )

  test('When the README example is run against the mock, then it lists the contacts it asked for', async () => {
    // Arrange: the example aims at the default URL; this mock has another port
    const example = readmeExample().replace('http://127.0.0.1:4010', mock.url)
    writeProjectFile(project, 'run/client.ts', example)
    await compileTypeScript(
      project,
      'run',
      { module: 'nodenext', outDir: 'out' },
      { files: ['client.ts'] },
    )

    // Act
    const run = await runNode(join(project, 'run'), 'out/client.js')

    // Assert
    expect(run.code).toBe(0)
    expect(run.output).toMatch(/^\d+ contacts/)
  }, 60_000)
})

describe('examples/vitest in happy-dom, against the installed package', () => {
  test('When the example runs with environment happy-dom, then its panel lists, adds and shows the 403', async () => {
    // Arrange: the example as a stranger copies it, with its happy-dom configuration (no alias);
    // a test of the project's own proves the window is happy-dom's, whose Headers keeps capitals
    cpSync(join(ROOT, 'examples', 'vitest', 'src'), join(project, 'vitest-example', 'src'), {
      recursive: true,
    })
    cpSync(
      join(ROOT, 'examples', 'vitest', 'vitest.happy-dom.config.ts'),
      join(project, 'vitest-example', 'vitest.config.ts'),
    )
    writeProjectFile(
      project,
      'vitest-example/src/environment.test.ts',
      `import { expect, test } from 'vitest'
test('the window is happy-dom’s', () => {
  expect(navigator.userAgent).toContain('HappyDOM')
  expect([...new Headers({ Authorization: 'Bearer x' }).keys()]).toEqual(['Authorization'])
})
`,
    )

    // Act
    const run = await runNpx(join(project, 'vitest-example'), ['vitest', 'run'], {
      NO_COLOR: '1',
    })

    // Assert
    expect(run.output).toMatch(/Tests +4 passed \(4\)/)
    expect(run.code).toBe(0)
  }, 120_000)
})

describe('the examples of docs/without-a-server.md, in a project that installed the package', () => {
  const guide = (): string => readFileSync(join(ROOT, 'docs', 'without-a-server.md'), 'utf8')
  const vitest = (dir: string): Promise<{ code: number; output: string }> =>
    runNpx(join(project, dir), ['vitest', 'run'], { NO_COLOR: '1' })

  test('When a client made at the top level of a module is used after server.listen(), then its request goes to the network (ENOTFOUND)', async () => {
    // Arrange
    writeProjectFile(project, 'client-before/api.ts', exampleOf(guide(), 'client/api.ts'))
    writeProjectFile(
      project,
      'client-before/contacts.test.ts',
      exampleOf(guide(), 'client/contacts.test.ts'),
    )

    // Act
    const run = await vitest('client-before')

    // Assert: no DNS answers a .test name; a machine without a network says EAI_AGAIN
    expect(run.output).toMatch(/getaddrinfo (ENOTFOUND|EAI_AGAIN) api\.example\.test/)
    expect(run.output).toMatch(/Tests +1 failed \(1\)/)
    expect(run.code).toBe(1)
  }, 120_000)

  test('When the client looks the global fetch up at each call, then the same test passes through MSW', async () => {
    // Arrange
    writeProjectFile(project, 'client-fixed/api.ts', exampleOf(guide(), 'client/api-fixed.ts'))
    writeProjectFile(
      project,
      'client-fixed/contacts.test.ts',
      exampleOf(guide(), 'client/contacts.test.ts'),
    )

    // Act
    const run = await vitest('client-fixed')

    // Assert
    expect(run.output).toMatch(/Tests +1 passed \(1\)/)
    expect(run.code).toBe(0)
  }, 120_000)

  test('When the client is given createMockFetch() as its fetch, then it lists the contacts without MSW', async () => {
    // Arrange
    writeProjectFile(
      project,
      'client-mock-fetch/mock-fetch.test.ts',
      exampleOf(guide(), 'client/mock-fetch.test.ts'),
    )

    // Act
    const run = await vitest('client-mock-fetch')

    // Assert
    expect(run.output).toMatch(/Tests +1 passed \(1\)/)
    expect(run.code).toBe(0)
  }, 120_000)

  test.each([
    ['orgs/checked.ts', ''],
    ['orgs/unchecked.ts', 'error TS2322'],
  ])(
    "When the guide's %s is compiled with strict and noUncheckedIndexedAccess, then tsc says %p",
    async (name, expected) => {
      // Arrange: with the other examples, which must compile as they are
      const dir = `typed-guide-${name.replace(/\W/g, '-')}`
      writeProjectFile(project, `${dir}/example.ts`, exampleOf(guide(), name))
      writeProjectFile(project, `${dir}/api.ts`, exampleOf(guide(), 'client/api-fixed.ts'))
      for (const test of ['client/contacts.test.ts', 'client/mock-fetch.test.ts'])
        writeProjectFile(project, `${dir}/${test.split('/')[1] ?? ''}`, exampleOf(guide(), test))

      // Act
      const compiled = await compileTypeScript(
        project,
        dir,
        {
          noUncheckedIndexedAccess: true,
          module: 'nodenext',
          allowImportingTsExtensions: true,
          noEmit: true,
        },
        { include: ['*.ts'] },
      )

      // Assert
      if (expected === '') expect(compiled.output).toBe('')
      else {
        expect(compiled.output).toContain(
          `example.ts(5,7): ${expected}: Type 'string | undefined' is not assignable to type 'string'.`,
        )
        expect(compiled.output.trim().split('\n')).toHaveLength(2)
      }
    },
    60_000,
  )

  test("When the guide's npx msw init public/ --save runs with no terminal, then it copies the worker script and saves the folder, where without --save it fails asking", async () => {
    // Arrange: the guide's command, as typed in the project's root
    const command = exampleOf(guide(), 'install.sh')
      .split('\n')
      .find((line) => line.startsWith('npx msw init'))
    const args = (command ?? '').replace(/#.*/, '').trim().split(/\s+/).slice(1)
    const manifest = (): { msw?: unknown } =>
      JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as { msw?: unknown }

    // Act
    const unsaved = await runNpx(
      project,
      args.filter((arg) => arg !== '--save'),
    )
    const before = manifest()
    const saved = await runNpx(project, args)

    // Assert
    expect(args).toEqual(['msw', 'init', 'public/', '--save'])
    expect(unsaved.output).toContain('ExitPromptError')
    expect(before.msw).toBeUndefined()
    expect(saved.output).not.toContain('ExitPromptError')
    expect(saved.code).toBe(0)
    expect(manifest().msw).toEqual({ workerDirectory: ['public'] })
    expect(existsSync(join(project, 'public', 'mockServiceWorker.js'))).toBe(true)
  }, 120_000)
})

describe('contacts-mock-kit in a CommonJS project', () => {
  // no "type": "module": Node and Jest load its .js files as CommonJS
  let cjs = ''
  beforeAll(async () => {
    cjs = await createProject(
      tarball,
      ['jest', '@jest/globals', 'ts-jest', 'jest-environment-jsdom', 'jest-fixed-jsdom'].concat([
        'msw',
        'typescript',
      ]),
      { commonjs: true },
    )
  }, 400_000)
  afterAll(() => {
    if (cjs !== '') removeProject(cjs)
  })

  test('When examples/jest-cjs runs with npx jest (ts-jest, jsdom, MSW), then it lists and creates contacts', async () => {
    // Arrange: the example as a stranger copies it, beside the installed package
    for (const file of ['jest.config.js', 'tsconfig.json', 'contacts.test.ts'])
      cpSync(join(ROOT, 'examples', 'jest-cjs', file), join(cjs, file))

    // Act
    const run = await runNpx(cjs, ['jest', '--ci'])

    // Assert
    expect(run.output).toContain('Tests:       2 passed, 2 total')
    expect(run.code).toBe(0)
  }, 180_000)

  test('When every Node entry is required, then each gives its functions and the mock answers', async () => {
    // Arrange
    writeProjectFile(
      cjs,
      'require.js',
      `const root = require('contacts-mock-kit')
const { createMockFetch } = require('contacts-mock-kit/fetch')
const { createHandlers } = require('contacts-mock-kit/msw')
const types = require('contacts-mock-kit/types')
const kinds = [root.startMock, root.createApp, root.openStore, createMockFetch, createHandlers].map((f) => typeof f)
;(async () => {
  const mock = await root.startMock()
  const served = await fetch(\`\${mock.url}/api/v1/orgs/\${mock.orgs.acme}/contacts\`, { headers: { Authorization: \`Bearer \${mock.tokens.alice}\` } })
  await mock.close()
  const inProcess = createMockFetch()
  await inProcess.ready
  const answered = await inProcess(\`http://localhost/api/v1/orgs/\${inProcess.orgs.acme}/contacts\`, { headers: { Authorization: \`Bearer \${inProcess.tokens.alice}\` } })
  await inProcess.close()
  console.log(JSON.stringify({ kinds, types: typeof types, served: served.status, answered: answered.status }))
})()
`,
    )

    // Act
    const run = await runNode(cjs, 'require.js')

    // Assert
    expect(run.code).toBe(0)
    expect(JSON.parse(run.output)).toEqual({
      kinds: ['function', 'function', 'function', 'function', 'function'],
      types: 'object',
      served: 200,
      answered: 200,
    })
  }, 60_000)

  test.each([
    ['node', 'commonjs'],
    ['node16', 'node16'],
    ['bundler', 'esnext'],
  ])(
    'When a CommonJS project imports every entry with moduleResolution %s, then tsc accepts it',
    async (resolution, module) => {
      // Arrange
      writeProjectFile(
        cjs,
        `${resolution}/use.ts`,
        `import { startMock, type RunningMock } from 'contacts-mock-kit'
import { createMockFetch, type MockFetch } from 'contacts-mock-kit/fetch'
import { createHandlers, type MockHandlers } from 'contacts-mock-kit/msw'
import type { paths } from 'contacts-mock-kit/types'
type List = paths['/api/v1/orgs/{org_id}/contacts']['get']['responses'][200]['content']['application/json']
export async function count(): Promise<number> {
  const running: RunningMock = await startMock()
  const mock: MockFetch = createMockFetch()
  const handlers: MockHandlers = createHandlers({ mock })
  const response = await mock(\`/api/v1/orgs/\${handlers.orgs['acme'] ?? ''}/contacts\`)
  await running.close()
  return ((await response.json()) as List).count
}
`,
      )

      // Act
      const compiled = await compileTypeScript(
        cjs,
        resolution,
        { module, moduleResolution: resolution, outDir: 'out' },
        { files: ['use.ts'] },
      )

      // Assert
      expect(compiled.output).toBe('')
      expect(compiled.code).toBe(0)
    },
    60_000,
  )
})

describe('what the package holds', () => {
  test('When the tarball is listed, then it holds no test and no test support, and the entry points', () => {
    // Act
    const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).trim().split('\n')

    // Assert
    const testing = files.filter((file) =>
      /\.test\.(js|d\.ts)$|\/mock\/test\/|\/self-test\/|\/fixtures\/support\//.test(file),
    )
    expect(testing).toEqual([])
    expect(files).toEqual(
      expect.arrayContaining([
        'package/dist/mock/process/main.js',
        'package/dist/mock/process/index.js',
        'package/dist/contract-tests/cli.js',
        'package/dist/contract-tests/suite/contacts.contract.js',
        'package/dist/mock/fetch/node/fetch.js',
        'package/dist/mock/fetch/node/msw.js',
        'package/dist/mock/mcp/mcp-command.js',
        'package/dist/mock/mcp/sdk.js',
        'package/dist/mock/mcp/sdk.licenses.txt',
        'package/dist/fixtures/faker.js',
        'package/dist/fixtures/faker.licenses.txt',
        'package/dist/browser/contacts-mock.js',
        'package/dist/mock/fetch/browser.d.ts',
      ]),
    )
  })
})

describe('the documentation in the package', () => {
  test('When the README and the shipped guides are read in node_modules, then every relative link and image reaches a shipped file', () => {
    // Arrange
    const installed = join(project, 'node_modules', 'contacts-mock-kit')
    const files = readdirSync(installed, { recursive: true, encoding: 'utf8' })
      .map((file) => file.split('\\').join('/'))
      .filter((file) => !file.startsWith('node_modules/'))

    // Act
    const outside = findLinksOutside(files, (file) => readFileSync(join(installed, file), 'utf8'))

    // Assert
    expect(files).toEqual(
      expect.arrayContaining([
        'README.md',
        'LICENSE',
        'docs/mock.md',
        'docs/screenshots/inspector.png',
      ]),
    )
    expect(outside).toEqual([])
  })

  test('When the LICENSE is read, then it is the MIT licence package.json names', () => {
    // Arrange
    const installed = join(project, 'node_modules', 'contacts-mock-kit')
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
      license: string
    }

    // Act
    const license = readFileSync(join(installed, 'LICENSE'), 'utf8')

    // Assert
    expect(manifest.license).toBe('MIT')
    expect(license).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} \S/)
  })
})

describe('contacts-mock-kit installed alone', () => {
  // without msw, an optional peer dependency
  let alone = ''
  beforeAll(async () => {
    alone = await createProject(tarball)
  }, 300_000)
  afterAll(() => {
    if (alone !== '') removeProject(alone)
  })

  test('When only contacts-mock-kit is installed, then node_modules stays under 60 MB', async () => {
    // Act
    const weight = await weigh(alone)

    // Assert
    process.stdout.write(
      `install weight: ${weight.megabytes.toFixed(1)} MB, ${String(weight.packages)} packages\n`,
    )
    expect(weight.megabytes).toBeLessThan(60)
  }, 300_000)

  test('When the entries but /msw are required without msw installed, then each loads', async () => {
    // Arrange
    writeProjectFile(
      alone,
      'no-msw.cjs',
      `const loaded = [require('contacts-mock-kit').startMock, require('contacts-mock-kit/fetch').createMockFetch, require('contacts-mock-kit/types')].map((value) => typeof value)
let msw = 'loaded'
try { require('contacts-mock-kit/msw') } catch (error) { msw = error.code }
console.log(JSON.stringify({ loaded, msw }))
`,
    )

    // Act
    const run = await runNode(alone, 'no-msw.cjs')

    // Assert
    expect(run.code).toBe(0)
    expect(JSON.parse(run.output)).toEqual({
      loaded: ['function', 'function', 'object'],
      msw: 'MODULE_NOT_FOUND',
    })
  })
})
