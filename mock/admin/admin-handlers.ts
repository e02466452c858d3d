import type { operations } from '../../openapi/admin-types.ts'
import type { Data } from '../data.ts'
import type { FaultBook } from '../faults/fault-book.ts'
import type { HandlerIn } from '../handlers/operation.ts'
import { HttpError } from '../problem.ts'
import type { StorageEngine } from '../repositories.ts'

type AdminHandler<Id extends keyof operations> = HandlerIn<operations, Id, undefined>

export interface AdminDeps {
  engine: StorageEngine
  /** The data a reset restores. */
  createData: () => Data | Promise<Data>
  /** Undefined when the mock runs with --no-faults. */
  faults: FaultBook | undefined
}

/** The fault rules, or a 403 when the mock runs without fault simulation. */
function faultsOf(deps: AdminDeps): FaultBook {
  if (!deps.faults) {
    throw new HttpError(403, 'Fault simulation is off: this mock was started with --no-faults.')
  }
  return deps.faults
}

/** One handler per operationId of openapi/admin.yaml; the type makes a missing one an error. */
export function createAdminHandlers(deps: AdminDeps): {
  [Id in keyof operations]: AdminHandler<Id>
} {
  return {
    async resetData() {
      await deps.engine.reset(await deps.createData())
      return { status: 204 }
    },
    listFaults: () => Promise.resolve({ status: 200, body: { rules: faultsOf(deps).list() } }),
    createFault({ body }) {
      const rule = faultsOf(deps).add(body)
      const headers = { Location: `/__admin/faults/${rule.id}` }
      return Promise.resolve({ status: 201, body: rule, headers })
    },
    clearFaults() {
      faultsOf(deps).clear()
      return Promise.resolve({ status: 204 })
    },
    deleteFault({ path }) {
      if (!faultsOf(deps).remove(path.fault_id)) {
        throw new HttpError(404, `There is no fault rule ${path.fault_id}.`)
      }
      return Promise.resolve({ status: 204 })
    },
  }
}
