import type { AddressInfo } from 'node:net'
import { pino } from 'pino'
import { createSeed } from '../fixtures/seed.ts'
import { createApp } from './app.ts'
import { ConfigError, loadConfig, USAGE, type MockConfig } from './config.ts'
import type { Data } from './data.ts'
import { openStore } from './open-store.ts'
import { StartupError } from './startup-error.ts'

function printBanner(url: string, config: MockConfig, data: Data): void {
  const orgName = (id: string): string => data.orgs.find((org) => org.id === id)?.name ?? id
  const acme = data.orgs[0]?.id ?? ''
  const lines = [
    `Mock listening on ${url}`,
    `Data file: ${config.dbFile} (${String(data.contacts.length)} contacts; POST ${url}/__admin/reset restores the fixtures)`,
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
  const { store, close } = await openStore(config.dbFile, createData)
  const logger = config.quiet
    ? undefined
    : pino({ base: undefined, timestamp: pino.stdTimeFunctions.isoTime })
  const app = createApp({ store, createData, logger, validateResponses: config.validateResponses })
  const server = app.listen(config.port, config.host)
  server.on('error', (error: NodeJS.ErrnoException) => {
    const reason = error.code === 'EADDRINUSE' ? 'is already in use' : `failed: ${error.message}`
    process.stderr.write(`${config.host}:${String(config.port)} ${reason}.\n`)
    void close().finally(() => process.exit(1))
  })
  server.on('listening', () => {
    const { port } = server.address() as AddressInfo
    printBanner(`http://${config.host}:${String(port)}`, config, store.data)
  })

  let stopping = false
  const stop = (signal: string): void => {
    if (stopping) return
    stopping = true
    process.stdout.write(`${signal}: finishing pending writes…\n`)
    server.close()
    server.closeIdleConnections()
    close().then(
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
