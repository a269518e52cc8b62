import { expect, test } from 'vitest'
import { promoHref, readPromoLocation } from './promo-route'

const NONE = { id: '', app_from: '', user_from: '', utm_tag: '', invite_code: '', links_id: '', down_id: '' }

test('every landing parameter is read from the query; missing ones are empty', () => {
  expect(readPromoLocation({ id: '3', invite_code: 'X', other: 'y' }, '/')).toEqual({
    page: 'register',
    params: { ...NONE, id: '3', invite_code: 'X' },
  })
})

test('the hash route picks the page', () => {
  expect(readPromoLocation({}, '/downloadTemplate').page).toBe('download')
  expect(readPromoLocation({}, '/agreementTemplate').page).toBe('agreement')
  expect(readPromoLocation({}, '/registerTemplate').page).toBe('register')
})

test('parameters after the hash route win over the query', () => {
  expect(readPromoLocation({ id: '1', app_from: 'a' }, '/downloadTemplate?id=2').params).toMatchObject({
    id: '2',
    app_from: 'a',
  })
})

test('links carry app_from, user_from, utm_tag, id and links_id, else down_id; nothing else', () => {
  const params = { ...NONE, id: '7', app_from: 'fb', user_from: 'u', utm_tag: 't', invite_code: 'I' }
  expect(promoHref('download', { ...params, links_id: 'L', down_id: 'D' })).toBe(
    '?app_from=fb&user_from=u&utm_tag=t&id=7&links_id=L#/downloadTemplate',
  )
  expect(promoHref('agreement', { ...params, down_id: 'D' })).toBe(
    '?app_from=fb&user_from=u&utm_tag=t&id=7&down_id=D#/agreementTemplate',
  )
  expect(promoHref('download', NONE)).toBe('#/downloadTemplate')
})
