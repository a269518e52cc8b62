import { http as mswHttp } from 'msw'
import { apiPath, envelope, failure } from 'shared/mocks'
import { createTestProps, setupMswServer } from 'shared/testing'
import { expect, test } from 'vitest'
import { handlers } from '../mocks/handlers'
import { CONTACT_INFO_PATH, getContactInfo } from './contact'

const server = setupMswServer(...handlers)

function reply(data: unknown) {
  server.use(mswHttp.post(apiPath(CONTACT_INFO_PATH), () => envelope(data)))
}

test('returns the demo contact details, sending overall=30', async () => {
  expect(await getContactInfo(createTestProps().http)).toEqual({
    email: 'support@cashloan-demo.ph',
    smWa: '+63 917 555 0100',
  })
})

test('the demo API refuses any other overall value', async () => {
  const result = await createTestProps().http.post(CONTACT_INFO_PATH, { overall: 31 }, { silent: true })
  expect(result.success).toBe(false)
  expect(result.data).toBeNull()
})

test('trims the values and keeps each usable field on its own', async () => {
  reply({ email: '  help@cashloan.ph ', smWa: 7 })
  expect(await getContactInfo(createTestProps().http)).toEqual({ email: 'help@cashloan.ph', smWa: null })
  reply({ email: 'not an address', smWa: ' 0917 555 0100 ' })
  expect(await getContactInfo(createTestProps().http)).toEqual({ email: null, smWa: '0917 555 0100' })
})

test.each([
  ['null data', null],
  ['a string', 'support@cashloan.ph'],
  ['a list', [{ email: 'a@b.ph' }]],
  ['no usable field', { email: '', smWa: '   ', other: 'x' }],
])('returns null for %s', async (_case, data) => {
  reply(data)
  expect(await getContactInfo(createTestProps().http)).toBeNull()
})

test('returns null when the call fails', async () => {
  server.use(mswHttp.post(apiPath(CONTACT_INFO_PATH), () => failure('Down for maintenance')))
  expect(await getContactInfo(createTestProps().http)).toBeNull()
})
