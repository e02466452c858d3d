import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { ACME_ORG_ID, ALICE } from '../fixtures/identities.ts'
import { DOCUMENT_PATH, loadDocument } from './document-files.ts'

// `npm run mock:prism` is `prism mock openapi/openapi.yaml --port 4011`; here on a free port.
const PRISM = createRequire(import.meta.url).resolve('@stoplight/prism-cli/dist/index.js')
let prism: ChildProcess
let base: string

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => {
        resolve(typeof address === 'object' && address ? address.port : 0)
      })
    })
  })
}

beforeAll(async () => {
  const port = await freePort()
  prism = spawn(process.execPath, [PRISM, 'mock', DOCUMENT_PATH, '--port', String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`Prism did not start:\n${output}`))
    }, 25_000)
    prism.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Prism is listening')) {
        clearTimeout(timer)
        resolve()
      }
    })
  })
  base = `http://127.0.0.1:${String(port)}/api/v1/orgs/${ACME_ORG_ID}/contacts`
})
afterAll(() => {
  prism.kill()
})

const auth = { Authorization: `Bearer ${ALICE.token}` }

describe('npm run mock:prism (Prism serving the document)', () => {
  test('When the contacts of Acme are listed, then Prism answers the documented example', async () => {
    // Arrange
    const documented = loadDocument().components?.examples?.['ContactList'] as { value: unknown }

    // Act
    const res = await fetch(base, { headers: auth })

    // Assert
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual(documented.value)
  })

  test('When a contact is created without contact[first_name], then Prism rejects it with 422', async () => {
    // Act
    const res = await fetch(base, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'contact[relationship_type]=3',
    })

    // Assert
    expect(res.status).toBe(422)
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/)
    expect(res.headers.get('sl-violations')).toContain('first_name')
  })

  test('When a complete contact is created as a form, then Prism accepts it with 201', async () => {
    // Act
    const res = await fetch(base, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'contact[first_name]=Ann&contact[relationship_type]=3',
    })

    // Assert
    expect(res.status).toBe(201)
  })
})
