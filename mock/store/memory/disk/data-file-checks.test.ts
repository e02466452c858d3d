// The data file and its journal are checked at start by the seed file's rules (issue 46): record
// shapes and the identities and references between records. A problem names the file and the JSON
// path (the journal: its line too) and what to do; nothing that breaks a rule is ever served.
import {
  appendFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import request from 'supertest'
import { createSeed } from '../../../../fixtures/seed.ts'
import { ACME_ORG_ID, ALICE, CAROL, GLOBEX_ORG_ID } from '../../../../fixtures/identities.ts'
import { createApp } from '../../../process/node-app.ts'
import type { Data } from '../../../shared/data.ts'
import { StartupError } from '../../../shared/startup-error.ts'
import { openStore, type OpenStore } from './open-store.ts'
import { SnapshotFile } from './snapshot-file.ts'

let dir: string
let file: string
const opened: OpenStore[] = []
const seed = (): Data => createSeed({ acmeContacts: 5, globexContacts: 1 })

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'data-file-checks-'))
  file = join(dir, 'db.json')
  // a data file as the mock leaves it: a snapshot of the seed, an empty journal
  await (await openStore(file, seed)).close()
})
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close()
  rmSync(dir, { recursive: true, force: true })
})

async function open(options: { recover?: boolean } = {}): Promise<OpenStore> {
  const store = await openStore(file, seed, options)
  opened.push(store)
  return store
}

/** The message the start is refused with, or 'started'. */
async function refusal(options: { recover?: boolean } = {}): Promise<string> {
  try {
    await open(options)
    return 'started'
  } catch (error) {
    expect(error).toBeInstanceOf(StartupError)
    return (error as Error).message
  }
}

const journalLine = (value: object): void => {
  appendFileSync(`${file}.journal`, `${JSON.stringify(value)}\n`)
}
const snapshotLine = (text: string): void => {
  appendFileSync(file, `${text}\n`)
}
const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const [template] = seed().contacts.filter((contact) => contact.org_id === ACME_ORG_ID)
const NEW_ID = '0e000000-0000-4000-8000-00000000000e'

describe('A journal line that breaks a rule', () => {
  test('When a journal line gives a second user alice-token, then the start is refused naming the line, and --recover drops it: alice-token reads Acme, not Globex', async () => {
    // Arrange: Carol (Globex) with Alice's token, as a hand edit would leave her
    journalLine({ collection: 'orgs', put: { id: NEW_ID, name: 'Initech' } })
    journalLine({ collection: 'users', put: { ...CAROL, token: ALICE.token } })
    const journal = readFileSync(`${file}.journal`, 'utf8')

    // Act
    const refused = await refusal()
    const recovered = await open({ recover: true })
    const app = createApp({ engine: recovered.engine, createData: seed })
    const globex = await request(app)
      .get(`/api/v1/orgs/${GLOBEX_ORG_ID}/contacts`)
      .set('Authorization', `Bearer ${ALICE.token}`)
    const acme = await request(app)
      .get(`/api/v1/orgs/${ACME_ORG_ID}/contacts`)
      .set('Authorization', `Bearer ${ALICE.token}`)

    // Assert
    expect(refused).toMatch(
      new RegExp(
        `${escaped(file)}\\.journal line 2 \\$\\.put\\.token: is the same as ` +
          `${escaped(file)} \\$\\.users\\[0\\]\\.token`,
      ),
    )
    expect(refused).not.toContain(ALICE.token)
    expect(refused).toMatch(/--recover/)
    expect([globex.status, acme.status]).toEqual([403, 200])
    expect(recovered.notes.join('\n')).toMatch(/kept 1 entries, dropped 1/)
    const orgs = (await recovered.engine.describe()).orgs.map((org) => org.name)
    expect(orgs).toContain('Initech')
    const aside = readdirSync(dir).filter((name) => name.startsWith('db.json.journal.damaged-'))
    expect(aside.map((name) => readFileSync(join(dir, name), 'utf8'))).toEqual([journal])
  })

  test('When a journal contact has no fields but its id, then the start is refused naming the line and the fields, and --recover starts without it', async () => {
    // Arrange
    journalLine({ collection: 'contacts', put: { id: NEW_ID } })

    // Act
    const refused = await refusal()
    const recovered = await open({ recover: true })

    // Assert
    expect(refused).toContain(`${file}.journal line 1 $.put.org_id: is required`)
    expect(refused).toContain(`${file}.journal line 1 $.put.groups: is required`)
    expect(
      await recovered.engine.read((repositories) =>
        repositories.contacts.find(ACME_ORG_ID, NEW_ID),
      ),
    ).toBeUndefined()
  })

  test('When a journal contact names an org that does not exist, then the start is refused naming the line', async () => {
    // Arrange
    journalLine({ collection: 'contacts', put: { ...template, id: NEW_ID, org_id: NEW_ID } })

    // Act
    const refused = await refusal()

    // Assert
    expect(refused).toContain(
      `${file}.journal line 1 $.put.org_id: "${NEW_ID}" names no org in the data file`,
    )
  })

  test('When a journal removes a user and a later line gives its token to a new user, then the start is not refused', async () => {
    // Arrange: what the mock itself may write: the token is free again once its user is gone
    for (const link of seed().user_relationships.filter((l) => l.user_id === CAROL.id)) {
      journalLine({ collection: 'user_relationships', remove: link.id })
    }
    journalLine({ collection: 'users', remove: CAROL.id })
    journalLine({ collection: 'users', put: { ...CAROL, id: NEW_ID, email: 'new@globex.test' } })

    // Act
    const started = await refusal()

    // Assert
    expect(started).toBe('started')
  })

  test('When a journal line removes a user whom relationships still name, then the start is refused naming that line', async () => {
    // Arrange
    journalLine({ collection: 'orgs', put: { id: NEW_ID, name: 'Initech' } })
    journalLine({ collection: 'users', remove: CAROL.id })

    // Act
    const refused = await refusal()

    // Assert
    expect(refused).toMatch(/The journal is damaged/)
    expect(refused).toMatch(
      new RegExp(
        `${escaped(file)}\\.journal line 2 \\(.*\\): ` +
          `${escaped(file)} \\$\\.user_relationships\\[\\d+\\]\\.user_id: "${CAROL.id}" names no user`,
      ),
    )
    expect(refused).toMatch(/--recover to keep its 1 intact entries, drop the 1 lines named/)
  })
})

describe('A snapshot that breaks a rule', () => {
  test('When a snapshot line is {"contacts":null}, then the start is refused naming the file and the path, even with --recover', async () => {
    // Arrange
    snapshotLine('{"contacts":null}')
    const before = readFileSync(file, 'utf8')

    // Act
    const refused = await refusal()
    const withRecover = await refusal({ recover: true })

    // Assert
    expect(refused).toContain(`${file} $.contacts[6]: must be object`)
    expect(refused).not.toMatch(/TypeError|Cannot read/)
    expect(refused).toMatch(/not changed/)
    expect(withRecover).toContain(`${file} $.contacts[6]: must be object`)
    expect(readFileSync(file, 'utf8')).toBe(before)
  })

  test('When two snapshot contacts share an id, then the start is refused naming both paths', async () => {
    // Arrange
    snapshotLine(JSON.stringify({ contacts: { ...template, first_name: 'Twin' } }))

    // Act
    const refused = await refusal()

    // Assert
    expect(refused).toContain(
      `${file} $.contacts[6].id: "${template?.id ?? ''}" is the same as ${file} $.contacts[0].id`,
    )
  })
})

describe('A snapshot edited by hand that breaks no rule', () => {
  test('When a record line is changed by hand and still obeys every rule, then the start serves it, and writes the file again sealed', async () => {
    // Arrange
    const text = readFileSync(file, 'utf8')
    writeFileSync(
      file,
      text.replace(`"first_name":"${template?.first_name ?? ''}"`, '"first_name":"Edited"'),
    )

    // Act
    const store = await open()
    const edited = await store.engine.read((repositories) =>
      repositories.contacts.find(ACME_ORG_ID, template?.id ?? ''),
    )
    const { sealed } = (await new SnapshotFile(file).readStored()) ?? {}

    // Assert
    expect(edited?.first_name).toBe('Edited')
    expect(sealed).toBe(true)
  })
})
