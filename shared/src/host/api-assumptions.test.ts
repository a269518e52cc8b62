import { expect, test, vi } from 'vitest'
import { ABSENT, withAbsent, type Absence } from '../testing/field-shapes'
import { parseSettings } from './settings'

/** A deployment that states the lender's whole identity (ADR 0038). */
const STATED = {
  name: 'PesoLoan',
  lenderName: 'PesoLoan Lending Corp.',
  lenderSecRegistrationNo: 'CS2020-00001',
  lenderCertificateOfAuthorityNo: '1234',
  lenderAddress: '1 Ayala Avenue, Makati City',
}

/** The settings a page parses with `field` left out or null: that field absent, nothing filled in for it. */
function expectAbsent(field: keyof typeof STATED, how: Absence) {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const settings = parseSettings(JSON.stringify(withAbsent(STATED, [field], how)))
  expect(settings).not.toHaveProperty(field)
  const { [field]: _absent, ...others } = STATED
  expect(settings).toMatchObject(others)
}

test.each(ABSENT)('missing #app-settings lenderName (%s): absent', (how) => expectAbsent('lenderName', how))

test.each(ABSENT)('missing #app-settings lenderSecRegistrationNo (%s): absent', (how) =>
  expectAbsent('lenderSecRegistrationNo', how),
)

test.each(ABSENT)('missing #app-settings lenderCertificateOfAuthorityNo (%s): absent', (how) =>
  expectAbsent('lenderCertificateOfAuthorityNo', how),
)

test.each(ABSENT)('missing #app-settings lenderAddress (%s): absent', (how) =>
  expectAbsent('lenderAddress', how),
)
