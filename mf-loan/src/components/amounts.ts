import { formatPesos } from 'shared/format'

// One amount as a server writes it in a range: whole or with up to 2 decimals, plain or comma-grouped, with
// or without the peso sign. A dot followed by three digits ('₱2.000') is the peso display format (a dot
// between thousands), already formatted: not read as decimals.
const AMOUNT = /^[₱₹]?\s*(?:\d+|\d{1,3}(?:,\d{3})+)(?:\.\d{1,2})?$/
const RANGE = /^(.+?)\s*(?:-|–|~|\bto\b)\s*(.+)$/

/**
 * A recommended product's amount range (`amountRange`, variant 2's `range`: the spec names the field, not its
 * shape). One amount (20000, '20000.00') or two ('2000-20000', '₱1,000 ~ ₱10,000') are pesos
 * (shared/format `formatPesos`) and show in the peso format; any other text shows as the server wrote it.
 */
export function formatAmountRange(value: string, options: { rupee?: boolean } = {}): string {
  const raw = value.trim()
  if (AMOUNT.test(raw)) return formatPesos(raw, options)
  const range = RANGE.exec(raw)
  if (range && AMOUNT.test(range[1]) && AMOUNT.test(range[2]))
    return `${formatPesos(range[1], options)} - ${formatPesos(range[2], options)}`
  return raw
}
