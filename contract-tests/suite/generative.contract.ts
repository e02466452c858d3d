// The generative phase (generative/): random sequences of requests drawn from the document's
// operations, each sequence judged by a fresh reference model (the mock, fed the same requests),
// a failure shrunk to the fewest steps and shown as curl.
import { decisionRule, statusRule } from './rules/rule.ts'
import { expect } from './support/test-api.ts'
import { testIf, WRITES } from './support/gates.ts'
import { contractEnv } from './support/env.ts'
import { runGenerativePhase } from './generative/phase.ts'

/** What the reference holds each sequence to: the life of records, and the answers of each step. */
const MODELLED = [
  ...[12, 13, 15, 16].map(decisionRule),
  statusRule('createContact', 201),
  statusRule('updateContact', 200),
  statusRule('updateContact', 409),
  statusRule('deleteContact', 204),
  statusRule('getContact', 200),
  statusRule('getContact', 404),
  statusRule('listContacts', 200),
  statusRule('createUserRelationship', 201),
  statusRule('createUserRelationship', 422),
  statusRule('deleteUserRelationship', 204),
  statusRule('getUserRelationship', 200),
  statusRule('getUserRelationship', 404),
  statusRule('listUserRelationships', 200),
]

const turnedOff =
  contractEnv().runs === 0 ? '--runs 0 (CONTRACT_RUNS): the generative phase is off' : undefined

testIf(
  { ...WRITES, skip: turnedOff, timeoutMs: 120_000, covers: MODELLED },
  'When random sequences of creates, updates, deletes, purges, fetches, lists and user relationship steps run, with bodies drawn from the document in every format, then every answer agrees with a fresh reference model',
  async () => {
    // Act
    const failure = await runGenerativePhase()

    // Assert
    if (failure !== undefined) throw new Error(failure)
    expect(failure).toBeUndefined()
  },
)
