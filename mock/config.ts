import { parseArgs } from 'node:util'

export interface MockConfig {
  port: number
  host: string
  dbFile: string
  seed: number | undefined
  quiet: boolean
  validateResponses: boolean
}

export const USAGE = `Usage: npm start -- [--port 4010] [--host 127.0.0.1] [--db data/db.json] [--seed N]
                    [--quiet] [--validate-responses]
Environment: PORT, HOST, DB_FILE, SEED (flags win).`

export class ConfigError extends Error {}

function toInteger(name: string, text: string, min: number, max: number): number {
  const value = Number(text)
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new ConfigError(
      `${name} must be a whole number from ${String(min)} to ${String(max)}, got '${text}'.`,
    )
  }
  return value
}

/** The only place that reads flags and environment variables; it fails fast on bad values. */
export function loadConfig(argv: string[], env: NodeJS.ProcessEnv): MockConfig {
  let values
  try {
    ;({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        db: { type: 'string' },
        seed: { type: 'string' },
        quiet: { type: 'boolean', default: false },
        'validate-responses': { type: 'boolean', default: false },
      },
    }))
  } catch (error) {
    throw new ConfigError((error as Error).message)
  }
  const seed = values.seed ?? env['SEED']
  return {
    port: toInteger('port', values.port ?? env['PORT'] ?? '4010', 0, 65535),
    host: values.host ?? env['HOST'] ?? '127.0.0.1',
    dbFile: values.db ?? env['DB_FILE'] ?? 'data/db.json',
    seed: seed === undefined ? undefined : toInteger('seed', seed, 0, 2 ** 31 - 1),
    quiet: values.quiet,
    validateResponses: values['validate-responses'],
  }
}
