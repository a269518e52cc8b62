import { warnUnknown } from 'shared/schema'
import * as v from 'valibot'

/**
 * A missing key reads as null: valibot's object skips a key that is absent when its optional schema has no
 * default, so without one the transform below never runs and the switch comes out undefined.
 */
const absent = v.optional(v.unknown(), null)

const isText = (value: unknown): value is number | string =>
  (typeof value === 'number' || typeof value === 'string') && String(value).trim() !== ''

/**
 * A switch the spec turns on with 1 exactly ("only when isShowReyTop is 1", "if needValid is 1"): on for 1
 * or '1'; off for 0, '0', missing or null. Any other value (2, 'yes', true) is off, the spec's "otherwise",
 * and is logged once as unknown (`warnUnknown`): a value the backend added shows in the console.
 */
export function oneSwitch(field: string) {
  return v.pipe(
    absent,
    v.transform((value) => {
      if (value === undefined || value === null) return false
      const on = isText(value) && Number(value) === 1
      if (!on && !(isText(value) && Number(value) === 0)) warnUnknown(field, value)
      return on
    }),
  )
}

/**
 * A flag ("nonzero is on": `alipay`, the extension's `success`): on for 1, '1', true or 'true', off for 0,
 * '0', false or 'false'; `missing` when missing or null. Any other value is logged once as unknown and reads as shared
 * `flag` reads it: a nonzero number is on, anything that is no number takes `missing`.
 */
export function flagSwitch(field: string, missing: boolean) {
  return v.pipe(
    absent,
    v.transform((value) => {
      if (value === undefined || value === null) return missing
      if (typeof value === 'boolean') return value
      if (typeof value === 'string' && /^(true|false)$/i.test(value.trim()))
        return /^true$/i.test(value.trim())
      const number = isText(value) && /^[+-]?\d+(?:\.\d+)?$/.test(String(value).trim()) ? Number(value) : null
      if (number !== 0 && number !== 1) warnUnknown(field, value)
      return number === null ? missing : number !== 0
    }),
  )
}
