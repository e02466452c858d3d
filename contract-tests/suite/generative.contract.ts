// The generative phase (generative/): random sequences of writes and reads against a model of the
// documented behaviour, each step checked, a failure shrunk to the fewest steps and shown as curl.
import { expect } from './support/test-api.ts'
import { testIf, WRITES } from './support/gates.ts'
import { contractEnv } from './support/env.ts'
import { runGenerativePhase } from './generative/phase.ts'

const turnedOff =
  contractEnv().runs === 0 ? '--runs 0 (CONTRACT_RUNS): the generative phase is off' : undefined

testIf(
  { ...WRITES, skip: turnedOff, timeoutMs: 120_000 },
  'When random sequences of creates, updates, deletes, purges, fetches, lists and user relationship steps run, then after every step the target agrees with the model',
  async () => {
    // Act
    const failure = await runGenerativePhase()

    // Assert
    if (failure !== undefined) throw new Error(failure)
    expect(failure).toBeUndefined()
  },
)
