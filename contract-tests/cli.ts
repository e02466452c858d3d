#!/usr/bin/env node
// contacts-contract: checks a Contacts API server against openapi/openapi.yaml. The process
// shell only: the run itself is runner/run-contract.ts. Exit codes: 0 the target keeps the
// contract, 1 it does not, 2 the checks could not run (see runner/settings.ts).
import { helpText, packageVersion, usageLine, UsageError } from '../mock/process/command-line.ts'
import { CannotRunError } from './runner/cannot-run.ts'
import { runDiff } from './runner/diff-command.ts'
import { runContract } from './runner/run-contract.ts'
import { COMMAND, parseCommand } from './runner/settings.ts'
import { runSweep } from './runner/sweep-command.ts'

async function main(): Promise<number> {
  const command = parseCommand(process.argv.slice(2), process.env)
  if (command.kind === 'help') {
    process.stdout.write(`${helpText(COMMAND)}\n`)
    return 0
  }
  if (command.kind === 'version') {
    process.stdout.write(`${packageVersion(import.meta.url)}\n`)
    return 0
  }
  if (command.kind === 'sweep') return runSweep(command.options)
  if (command.kind === 'diff') return runDiff(command.options, command.targets)
  return runContract(command.options)
}

main().then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    // A usage error or a CannotRunError is all the user needs to know; anything else is a bug,
    // shown in full.
    const text =
      error instanceof UsageError
        ? usageLine(COMMAND, error)
        : `${COMMAND.name}: ${
            error instanceof CannotRunError
              ? error.message
              : error instanceof Error
                ? (error.stack ?? error.message)
                : String(error)
          }`
    process.stderr.write(`${text}\n`)
    process.exitCode = 2
  },
)
