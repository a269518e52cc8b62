import { publicRoutesWithoutHead } from 'shared/remote/head'
import { expect, test } from 'vitest'
import { HEAD } from './head'

test('every public route of the site has a description for its page', () => {
  expect(publicRoutesWithoutHead('mf_site', HEAD)).toEqual([])
})
