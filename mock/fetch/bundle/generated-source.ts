// The validators generated at build time, served to compileOperations as a ValidatorSource.
import {
  validatorKeyOf,
  type Validator,
  type ValidatorSource,
} from '../../pipeline/validate/compile-operations.ts'
import type { GeneratedValidators } from './built.ts'

/** Looks each validator up by its key; one that was not generated is a bug of the build. */
export function createGeneratedSource(validators: GeneratedValidators): ValidatorSource {
  return {
    validator(mode, target): Validator {
      const key = validatorKeyOf(mode, target)
      const validate = validators[key]
      if (!validate) throw new Error(`no validator was generated for ${key}: rebuild the bundle`)
      return validate
    },
  }
}
