// The faulty targets: each breaks exactly one documented rule.
import {
  countIsPageSize,
  firstIsZeroBased,
  listsShowDeleted,
  searchIsCaseSensitive,
} from './list-faults.ts'
import type { Fault } from './proxy.ts'
import {
  orgMembershipIgnored,
  purgeIgnored,
  rejectedPatchApplied,
  relationshipOwnershipLeak,
  unknownContactFieldAccepted,
} from './request-faults.ts'
import {
  foreignContactForbidden,
  includeGroupsDropped,
  noLocation,
  noWwwAuthenticate,
  problemAsPlainJson,
  undeclaredContactField,
  validationAs400,
} from './response-faults.ts'

export const FAULTS: readonly Fault[] = [
  listsShowDeleted,
  countIsPageSize,
  firstIsZeroBased,
  searchIsCaseSensitive,
  includeGroupsDropped,
  problemAsPlainJson,
  noWwwAuthenticate,
  foreignContactForbidden,
  undeclaredContactField,
  noLocation,
  validationAs400,
  purgeIgnored,
  unknownContactFieldAccepted,
  orgMembershipIgnored,
  relationshipOwnershipLeak,
  rejectedPatchApplied,
]
