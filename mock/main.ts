import { isIP, type AddressInfo } from 'node:net'
import { pino } from 'pino'
import { createSeed } from '../fixtures/seed.ts'
import { isLoopbackAddress } from './admin-guard.ts'
import { createApp, type Access } from './app.ts'
import { ConfigError, loadConfig, USAGE, type MockConfig } from './config.ts'
import { createHttpServer } from './create-server.ts'
import type { Data } from './data.ts'
import { openStore } from './open-store.ts'
import { createShutdown } from './shutdown.ts'
import { StartupError } from './startup-error.ts'

/** Who may reach the mock, from the flags (see host-check.ts and admin-guard.ts). */
function accessOf(config: MockConfig): Access {
  return {
    // the name the mock was told to listen on is its own
    allowedHosts: [...config.allowedHosts, ...(isIP(config.host) === 0 ? [config.host] : [])],
    adminToken: config.adminToken,
    exposed: !isLoopbackAddress(config.host),
  }
}

function describeAdmin(access: Access): string {
  if (access.adminToken !== undefined) return 'needs the --admin-token as a bearer token'
  return access.exposed ? 'closed: start with --admin-token to use it' : 'loopback only'
}

function printBanner(url: string, config: MockConfig, data: Data, access: Access): void {
  const orgName = (id: string): string => data.orgs.find((org) => org.id === id)?.name ?? id
  const acme = data.orgs[0]?.id ?? ''
  const lines = [
    `Mock listening on ${url}`,
    `Data file: ${config.dbFile} (${String(data.contacts.length)} contacts)`,
    `Admin API: /__admin (${describeAdmin(access)}); POST /__admin/reset as JSON restores the fixtures`,
    'Organizations:',
    ...data.orgs.map((org) => `  ${org.name.padEnd(8)} ${org.id}`),
    'Tokens:',
    ...data.users.map(
      (user) => `  ${user.token.padEnd(12)} ${user.name} (${user.org_ids.map(orgName).join(', ')})`,
    ),
    `Try: curl -H 'Authorization: Bearer ${data.users[0]?.token ?? ''}' ${url}/api/v1/orgs/${acme}/contacts`,
  ]
  process.stdout.write(lines.join('\n') + '\n')
}

async function main(): Promise<void> {
  const config = loadConfig(process.argv.slice(2), process.env)
  const createData = (): Data => createSeed({ seed: config.seed })
  const { store, close, notes } = await openStore(config.dbFile, createData, {
    recover: config.recover,
  })
  for (const note of notes) process.stderr.write(`${note}\n`)
  const logger = config.quiet
    ? undefined
    : pino({ base: undefined, timestamp: pino.stdTimeFunctions.isoTime })
  const access = accessOf(config)
  const app = createApp({
    store,
    createData,
    logger,
    validateResponses: config.validateResponses,
    access,
  })
  const shutdown = createShutdown()
  const server = createHttpServer(shutdown.wrap(app), config)
  server.listen(config.port, config.host)
  server.on('error', (error: NodeJS.ErrnoException) => {
    const reason = error.code === 'EADDRINUSE' ? 'is already in use' : `failed: ${error.message}`
    process.stderr.write(`${config.host}:${String(config.port)} ${reason}.\n`)
    void close().finally(() => process.exit(1))
  })
  server.on('listening', () => {
    const { port } = server.address() as AddressInfo
    const host = config.host.includes(':') ? `[${config.host}]` : config.host
    printBanner(`http://${host}:${String(port)}`, config, store.data, access)
  })

  let stopping = false
  const stop = (signal: string): void => {
    if (stopping) {
      // every acknowledged write is already in the journal, which the next start replays
      process.stderr.write(`${signal} again: exiting now; nothing acknowledged is lost.\n`)
      process.exit(1)
    }
    stopping = true
    process.stdout.write(`${signal}: finishing requests in flight and pending writes…\n`)
    shutdown
      .drain(server)
      .then(close)
      .then(
        () => process.exit(0),
        (error: unknown) => {
          process.stderr.write(`Could not finish writing: ${String(error)}\n`)
          process.exit(1)
        },
      )
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((error: unknown) => {
  if (error instanceof StartupError || error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n${error instanceof ConfigError ? USAGE + '\n' : ''}`)
  } else {
    process.stderr.write(`The mock could not start: ${String(error)}\n`)
  }
  process.exit(1)
})
