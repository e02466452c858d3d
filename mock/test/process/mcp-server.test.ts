// `contacts-mock mcp` as a coding agent's client drives it: the SDK's own Client over stdio, two
// sandboxes, requests in each, faults, snapshots, the contract suite, and every answer checked
// against the outputSchema its tool declares.
import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { MCP_TOOL_NAMES } from '../../../test-support/mcp-tools.ts'

const MAIN = fileURLToPath(new URL('../../process/main.ts', import.meta.url))
// the server runs in a folder of its own, where 'tsx' is not installed
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default
const MAX_OUTPUT_BYTES = 48 * 1024

interface OrgUser {
  name: string
  token: string
  email: string
}
interface SandboxAnswer {
  org_id: string
  name: string
  users: OrgUser[]
  identities: string
}
interface ApiAnswer {
  status: number | null
  network_error: string | null
  body: unknown
  body_text: string | null
  body_bytes: number
  truncated: boolean
  verdict: {
    verdict: string
    reason: string
    operation: string | null
    errors: { field: string }[]
  } | null
}

let workDir = ''
let dataDir = ''
let client: Client
let tools: Tool[] = []
const checks = new Map<string, ValidateFunction>()
/** The tools whose answers were checked against their outputSchema. */
const checked = new Set<string>()

/** A tool's answer, checked against its outputSchema; a tool's error fails the test. */
async function call<T>(name: string, args: Record<string, unknown> = {}): Promise<T> {
  const result = await client.callTool({ name, arguments: args }, undefined, {
    timeout: 900_000,
    resetTimeoutOnProgress: true,
  })
  expect(result.isError ?? false).toBe(false)
  const validate = checks.get(name)
  if (!validate) throw new Error(`no outputSchema for ${name}`)
  const valid = validate(result.structuredContent)
  expect(validate.errors ?? []).toEqual([])
  expect(valid).toBe(true)
  expect(Buffer.byteLength(JSON.stringify(result.structuredContent))).toBeLessThanOrEqual(
    MAX_OUTPUT_BYTES,
  )
  checked.add(name)
  return result.structuredContent as T
}

/** A tool's refusal: its text. */
async function refusal(name: string, args: Record<string, unknown>): Promise<string> {
  const result = await client.callTool({ name, arguments: args })
  expect(result.isError).toBe(true)
  const [content] = result.content as { type: string; text: string }[]
  return content?.text ?? ''
}

const resourceText = async (uri: string): Promise<string> => {
  const { contents } = await client.readResource({ uri })
  const [first] = contents
  return first && 'text' in first ? first.text : ''
}

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'mcp-cwd-'))
  dataDir = mkdtempSync(join(tmpdir(), 'mcp-data-'))
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', TSX, MAIN, 'mcp', '--data-dir', dataDir],
    cwd: workDir,
    env: { ...process.env, NODE_OPTIONS: '' },
    stderr: 'inherit',
  })
  client = new Client({ name: 'mcp-server-test', version: '1.0.0' })
  await client.connect(transport)
  ;({ tools } = await client.listTools())
  const ajv = new Ajv2020({ allErrors: true, strict: false })
  addFormats(ajv)
  for (const tool of tools) {
    if (tool.outputSchema) checks.set(tool.name, ajv.compile(tool.outputSchema))
  }
}, 60_000)

afterAll(async () => {
  await client.close()
  rmSync(workDir, { recursive: true, force: true })
  rmSync(dataDir, { recursive: true, force: true })
})

describe('contacts-mock mcp over stdio', () => {
  let a: SandboxAnswer
  let b: SandboxAnswer

  test('When the client lists the tools, then each declares an input and an output schema', () => {
    // Assert
    expect(tools.map((tool) => tool.name).sort()).toEqual(MCP_TOOL_NAMES)
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object')
      expect(tool.outputSchema?.type).toBe('object')
      expect(tool.description?.length).toBeGreaterThan(40)
    }
  })

  test('When two sandboxes are created, then each has its own org, users and tokens', async () => {
    // Act
    a = await call<SandboxAnswer>('sandbox_create', { name: 'a', contacts: 5 })
    b = await call<SandboxAnswer>('sandbox_create', { contacts: 5 })

    // Assert
    expect(b.name).toBe('sandbox-2')
    expect(a.org_id).not.toBe(b.org_id)
    expect(a.users).toHaveLength(2)
    const tokens = (sandbox: SandboxAnswer) => sandbox.users.map((user) => user.token)
    expect(tokens(a).filter((token) => tokens(b).includes(token))).toEqual([])
  })

  test("When a sandbox's identities are read, then they hold its tokens and never the other's", async () => {
    // Act
    const identities = await resourceText(a.identities)
    const { resources } = await client.listResources()

    // Assert
    for (const user of a.users) expect(identities).toContain(user.token)
    for (const user of b.users) expect(identities).not.toContain(user.token)
    expect(identities).not.toContain(b.org_id)
    expect(resources.map((resource) => resource.uri)).toEqual(
      expect.arrayContaining([a.identities, b.identities]),
    )
    expect(JSON.stringify(resources)).not.toContain(a.users[0]?.token)
  })

  test("When each sandbox's user lists contacts, then each sees its own, and the other's org is refused", async () => {
    // Act
    const own = await call<ApiAnswer>('api_request', {
      sandbox: 'a',
      method: 'GET',
      path: '/api/v1/orgs/{org_id}/contacts',
    })
    const theirs = await call<ApiAnswer>('api_request', {
      sandbox: 'sandbox-2',
      method: 'GET',
      path: '/api/v1/orgs/{org_id}/contacts',
    })
    const other = await call<ApiAnswer>('api_request', {
      sandbox: 'a',
      method: 'GET',
      path: `/api/v1/orgs/${b.org_id}/contacts`,
    })

    // Assert
    expect(own.status).toBe(200)
    expect(own.verdict).toMatchObject({ verdict: 'valid', operation: 'listContacts' })
    expect(theirs.status).toBe(200)
    const ids = (answer: ApiAnswer) =>
      (answer.body as { contacts: { id: string }[] }).contacts.map((contact) => contact.id)
    expect(ids(own)).toHaveLength(5)
    expect(ids(own).filter((id) => ids(theirs).includes(id))).toEqual([])
    expect(other.status).toBe(403)
    expect(other.verdict).toMatchObject({ verdict: 'refused', operation: 'listContacts' })
  })

  test('When a request leaves the API for the admin API, then api_request refuses to send it', async () => {
    // Act
    const text = await refusal('api_request', {
      sandbox: 'a',
      method: 'GET',
      path: '/api/%2e%2e/__admin/export',
    })

    // Assert
    expect(text).toContain('Contacts API requests only')
  })

  test('When a contact is created with invalid fields, then the verdict names them and requests_recent finds it by status and operation', async () => {
    // Act
    const created = await call<ApiAnswer>('api_request', {
      sandbox: 'a',
      method: 'POST',
      path: '/api/v1/orgs/{org_id}/contacts',
      body: { contact: { first_name: '', relationship_type: 9 } },
    })
    const recent = await call<{ requests: { status: number; errors: unknown[] }[] }>(
      'requests_recent',
      { sandbox: 'a', status: '4xx', operation: 'createContact' },
    )

    // Assert
    expect(created.status).toBe(422)
    expect(created.verdict?.verdict).toBe('invalid')
    expect(created.verdict?.errors.map((error) => error.field).sort()).toEqual([
      'contact[first_name]',
      'contact[relationship_type]',
    ])
    expect(recent.requests).toHaveLength(1)
    expect(recent.requests[0]).toMatchObject({ status: 422, operation: 'createContact' })
    expect(recent.requests[0]?.errors).toHaveLength(2)
  })

  test('When a fault is set, then it is listed and the next request is answered by it; cleared, the requests pass again', async () => {
    // Act
    const rule = await call<{ id: string }>('fault_set', {
      match: { operationId: 'listContacts' },
      respond: { status: 503 },
      times: 1,
    })
    const listed = await call<{ rules: { id: string }[] }>('fault_list')
    const failed = await call<ApiAnswer>('api_request', {
      sandbox: 'sandbox-2',
      method: 'GET',
      path: '/api/v1/orgs/{org_id}/contacts',
    })
    await call('fault_set', { match: { operationId: 'getContact' }, respond: { network: 'reset' } })
    const broken = await call<ApiAnswer>('api_request', {
      sandbox: 'a',
      method: 'GET',
      path: '/api/v1/orgs/{org_id}/contacts/00000000-0000-4000-8000-000000000000',
    })
    const cleared = await call<{ removed: string[] }>('fault_clear')
    const after = await call<ApiAnswer>('api_request', {
      sandbox: 'a',
      method: 'GET',
      path: '/api/v1/orgs/{org_id}/contacts/00000000-0000-4000-8000-000000000000',
    })

    // Assert
    expect(listed.rules.map((item) => item.id)).toEqual([rule.id])
    expect(failed.status).toBe(503)
    expect(failed.verdict?.verdict).toBe('simulated')
    expect(broken.status).toBeNull()
    expect(broken.network_error).toContain('ECONNRESET')
    expect(cleared.removed).toHaveLength(2)
    expect(after.status).toBe(404)
  })

  test('When a snapshot is saved, a sandbox reset and the snapshot restored, then the sandboxes are those of the snapshot', async () => {
    // Act
    const saved = await call<{ name: string; bytes: number }>('snapshot_save', { name: 'two' })
    const list = await call<{ snapshots: { name: string }[] }>('snapshot_list')
    const later = await call<SandboxAnswer>('sandbox_create', { name: 'later', contacts: 0 })
    const reset = await call<SandboxAnswer>('sandbox_reset', { sandbox: 'a' })
    const restored = await call<{ sandboxes: string[] }>('snapshot_restore', { name: 'two' })
    const asBefore = await call<ApiAnswer>('api_request', {
      sandbox: 'a',
      method: 'GET',
      path: '/api/v1/orgs/{org_id}/contacts',
    })

    // Assert
    expect(saved.bytes).toBeGreaterThan(0)
    expect(list.snapshots.map((item) => item.name)).toContain('two')
    expect(reset.org_id).not.toBe(a.org_id)
    expect(later.name).toBe('later')
    expect(restored.sandboxes.sort()).toEqual(['a', 'sandbox-2'])
    expect(asBefore.status).toBe(200)
    expect(await resourceText(a.identities)).toContain(a.org_id)
  })

  test('When requests_recent is asked for 100 requests with field errors, then its answer stays within its bound, saying so', async () => {
    // Arrange
    for (let index = 0; index < 100; index++) {
      await call('api_request', {
        sandbox: 'sandbox-2',
        method: 'POST',
        path: '/api/v1/orgs/{org_id}/contacts',
        body: { contact: { first_name: '', relationship_type: 9, gender: 'x', nickname2: 1 } },
      })
    }

    // Act
    const recent = await call<{ requests: unknown[]; matching: number; truncated: boolean }>(
      'requests_recent',
      { sandbox: 'sandbox-2', verdict: 'invalid', limit: 100 },
    )

    // Assert (call() checked the size)
    expect(recent.matching).toBeGreaterThanOrEqual(100)
    expect(recent.truncated).toBe(true)
    expect(recent.requests.length).toBeGreaterThan(10)
    expect(recent.requests.length).toBeLessThan(100)
  })

  test('When api_request lists 100 contacts, then the body is cut at its bound, saying so', async () => {
    // Arrange
    await call('sandbox_create', { name: 'large', contacts: 150 })

    // Act
    const page = await call<ApiAnswer>('api_request', {
      sandbox: 'large',
      method: 'GET',
      path: '/api/v1/orgs/{org_id}/contacts',
      query: { limit: 100 },
    })

    // Assert
    expect(page.status).toBe(200)
    expect(page.truncated).toBe(true)
    expect(page.body).toBeNull()
    expect(page.body_bytes).toBeGreaterThan(32 * 1024)
    expect(Buffer.byteLength(page.body_text ?? '')).toBeLessThanOrEqual(32 * 1024)
  })

  test('When contract_run is pointed at another machine without --allow-remote-contract, then it refuses, sending nothing', async () => {
    // Act
    const text = await refusal('contract_run', { sandbox: 'a', base_url: 'http://192.0.2.1:4010' })

    // Assert
    expect(text).toContain('--allow-remote-contract')
  })

  test('When a tool is given an argument its schema does not take, then it says which', async () => {
    // Act
    const text = await refusal('fault_set', { respond: { status: 503 }, probability: 2 })

    // Assert
    expect(text).toContain('/probability must be <= 1')
  })

  test('When the decisions and the document are read, then they are the document’s', async () => {
    // Act
    const decisions = await resourceText('contacts-mock://decisions')
    const document = await resourceText('contacts-mock://documents/openapi.yaml')

    // Assert
    expect(decisions).toContain('1. **Ids in paths** are UUIDs.')
    expect(decisions).toContain('2. **Order of checks**')
    expect(document).toMatch(/^openapi: 3\.1/)
  })

  test('When contract_run checks the mock as sandbox a, with sandbox-2 as the foreign org, then it keeps the contract', async () => {
    // Act
    const run = await call<{
      outcome: string
      counts: { checks: number; passed: number; failed: number } | null
      rules: unknown[]
      failures: unknown[]
      provenance: { line: string; failed_by_provenance: Record<string, string[]> } | null
    }>('contract_run', { sandbox: 'a', foreign_sandbox: 'sandbox-2', deadline_seconds: 800 })

    // Assert
    expect(run.outcome).toBe('keeps the contract')
    expect(run.counts?.failed).toBe(0)
    expect(run.counts?.passed).toBeGreaterThan(100)
    expect(run.rules.length).toBeGreaterThan(20)
    expect(run.failures).toEqual([])
    // the summary by provenance: nothing broken, nothing decided otherwise
    expect(run.provenance).toEqual({
      line: "breaks 0 rules of the interface and 0 of the service's public docs; decides otherwise on no decision",
      failed_by_provenance: {},
    })
  }, 900_000)

  test('When all is done, then every tool answered within its schema, and nothing was written outside the data folder', () => {
    // Assert
    expect([...checked].sort()).toEqual(tools.map((tool) => tool.name).sort())
    expect(readdirSync(workDir)).toEqual([])
    expect(readdirSync(dataDir)).toEqual(
      expect.arrayContaining(['db.json', 'db.json.snapshots', 'contract-runs']),
    )
  })
})

describe('contacts-mock mcp on a command line it cannot read', () => {
  test('When it is given an unknown flag, then it exits 2 saying so', () => {
    // Act
    const run = spawnSync(process.execPath, ['--import', TSX, MAIN, 'mcp', '--nope'], {
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
    })

    // Assert
    expect(run.status).toBe(2)
    expect(run.stderr).toBe(
      'contacts-mock mcp: unknown option --nope. See contacts-mock mcp --help.\n',
    )
    expect(run.stdout).toBe('')
  })
})

describe('contacts-mock mcp whose mock cannot start', () => {
  test('When its data folder holds a data file that is not JSON, then it exits 1 naming the file, prints nothing on stdout and leaves the file as it was', async () => {
    // Arrange: the client keeps stdin open, so the exit is the failed start's
    const folder = mkdtempSync(join(tmpdir(), 'mcp-bad-data-'))
    const dataFile = join(folder, 'db.json')
    writeFileSync(dataFile, '{not json')
    const server = spawn(process.execPath, ['--import', TSX, MAIN, 'mcp', '--data-dir', folder], {
      env: { ...process.env, NODE_OPTIONS: '' },
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    server.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))

    try {
      // Act
      const [code] = (await once(server, 'exit')) as [number | null]

      // Assert
      expect({ code, stdout }).toEqual({ code: 1, stdout: '' })
      expect(stderr).toContain(
        `contacts-mock mcp: the mock could not start: The data file ${dataFile}`,
      )
      expect(readFileSync(dataFile, 'utf8')).toBe('{not json')
    } finally {
      server.kill()
      rmSync(folder, { recursive: true, force: true })
    }
  }, 60_000)
})
