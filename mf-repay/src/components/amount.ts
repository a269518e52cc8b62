import { parseMoney } from 'shared/format'

/**
 * An amount of pesos as a link or the server writes it: a number (1530) or a decimal string ('1530.00',
 * '1,530.00', '₱1530.00'), read by `parseMoney` (shared/format, docs/api-assumptions.md), more than zero. The
 * one rule every page of this remote applies before it shows an amount it was given: anything else ('-1',
 * 'abc', '<script>', '0', '1e3') is no amount. What is sent back to the server is the value as given.
 */
export function isAmount(value: unknown): boolean {
  const amount = parseMoney(value)
  return amount !== null && amount > 0
}
