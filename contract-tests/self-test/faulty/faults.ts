// The faulty targets: each breaks exactly one documented rule.
import {
  countIsPageSize,
  firstIsZeroBased,
  listsShowDeleted,
  searchIsCaseSensitive,
} from './list-faults.ts'
import {
  countIncludesDeleted,
  includeGroupsOfAnotherContact,
  locationOtherHost,
  updatedAtNotMoved,
} from './blind-spot-faults.ts'
import {
  anniversaryDateLenient,
  birthdayOffsetDropped,
  jsonNumericStringAccepted,
  searchLikeWildcards,
  tieBreakReversed,
} from './lenient-faults.ts'
import type { Fault } from './proxy.ts'
import { updateCutsLongText } from './schema-faults.ts'
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
  loginHandsOutRunToken,
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
  // The blind spots of issue 15.
  updatedAtNotMoved,
  countIncludesDeleted,
  locationOtherHost,
  includeGroupsOfAnotherContact(),
  jsonNumericStringAccepted,
  birthdayOffsetDropped,
  anniversaryDateLenient,
  searchLikeWildcards,
  tieBreakReversed,
  // A target on which the suite must not end its own access.
  loginHandsOutRunToken,
  // Found only by the requests generated from the document's schemas.
  updateCutsLongText,
]
