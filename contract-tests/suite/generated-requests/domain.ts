// What a schema cannot say, and a valid request still needs (the domain on top of what Schemathesis
// would send): ids of records that exist, the run marker on what the run creates, and a user's real
// credentials. Only these values are pinned; everything else is drawn from the document.
import { contractEnv, runMarker, type OptionalVariable } from '../support/env.ts'
import { namesRecord } from '../support/probes.ts'
import { CannotBuildRequest, type Operation } from '../support/operations.ts'
import { aRelationshipTypeId, createContact, createUserRelationship } from '../support/records.ts'

interface Pin {
  /** The field, as the client names it. */
  field: string
  value: () => Promise<string> | string
  /** Settings without which no valid value exists. */
  variables?: readonly OptionalVariable[]
}

const PINS: readonly Pin[] = [
  // Every contact the run creates carries its marker; nickname is searched, so `sweep` finds it.
  { field: 'contact[nickname]', value: () => runMarker() },
  { field: 'contact[how_you_met]', value: () => `Created by the contract suite (${runMarker()})` },
  // An active contact of the organization and a type of the catalog (decision 16).
  { field: 'user_relationship[contact_id]', value: async () => (await createContact()).id },
  { field: 'user_relationship[relationship_id]', value: () => aRelationshipTypeId() },
  // A user who can log in (decision 22).
  { field: 'user[email]', value: () => contractEnv().email ?? '', variables: ['CONTRACT_EMAIL'] },
  {
    field: 'user[password]',
    value: () => contractEnv().password ?? '',
    variables: ['CONTRACT_PASSWORD'],
  },
]

/** Whether the field's value is pinned (the run's, never drawn nor cleared). */
export const isPinned = (field: string): boolean => PINS.some((pin) => pin.field === field)

/** The settings the pinned fields among `fields` need. */
export function pinnedVariables(fields: readonly string[]): OptionalVariable[] {
  return PINS.filter((pin) => fields.includes(pin.field)).flatMap((pin) => pin.variables ?? [])
}

/** The pinned values of the fields among `fields`, by field name (records are created for them). */
export async function pinnedValues(fields: readonly string[]): Promise<Map<string, string>> {
  const pins = PINS.filter((pin) => fields.includes(pin.field))
  const values = await Promise.all(pins.map(async (pin) => [pin.field, await pin.value()] as const))
  return new Map(values)
}

/** A record of the run for each record a path names: the run only ever changes its own. */
const SUBJECTS: Readonly<Record<string, () => Promise<string>>> = {
  contact_id: async () => (await createContact()).id,
  user_relationship_id: async () => (await createUserRelationship((await createContact()).id)).id,
}

/** Whether requests to the operation need a record of their own (created, so a write). */
export const needsSubject = (operation: Operation): boolean => namesRecord(operation)

/** The operation's path, its record ids those of new records of the run. */
export async function subjectPath(operation: Operation): Promise<string> {
  const names = [...operation.template.matchAll(/\{([^}]+)\}/g)].map(([, name]) => name ?? '')
  const values = new Map<string, string>()
  for (const name of names) {
    const create = SUBJECTS[name]
    if (name === 'org_id') values.set(name, contractEnv().orgId)
    else if (create === undefined) {
      throw new CannotBuildRequest(operation, `no record of the run can stand in for {${name}}`)
    } else values.set(name, await create())
  }
  return operation.template.replace(/\{([^}]+)\}/g, (_, name: string) => values.get(name) ?? '')
}
