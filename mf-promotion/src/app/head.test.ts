import { publicRoutesWithoutHead } from 'shared/remote/head'
import { expect, test } from 'vitest'
import { HEAD } from './head'

test('the promotion landing has a description for its page', () => {
  expect(publicRoutesWithoutHead('mf_promotion', HEAD)).toEqual([])
})
