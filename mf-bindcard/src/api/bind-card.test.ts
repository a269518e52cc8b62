import { http as mswHttp } from 'msw'
import { apiPath, envelope } from 'shared/mocks'
import { createTestProps, setupMswServer } from 'shared/testing'
import { afterEach, expect, test, vi } from 'vitest'
import { handlers } from '../mocks/handlers'
import { DEMO_ITEMS } from '../mocks/store'
import { getCardInit } from './bind-card'
import { CARD_INIT_PATH } from './paths'

const server = setupMswServer(...handlers)
afterEach(() => vi.restoreAllMocks())

test('card-init: the items as the server describes them', async () => {
  const result = await getCardInit(createTestProps().http, '1')
  expect(result.ok && result.data.map((item) => item.code)).toEqual(DEMO_ITEMS.map((item) => item.code))
})

test('card-init: a malformed item is skipped with a console note, the others stay', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  server.use(
    mswHttp.post(apiPath(CARD_INIT_PATH), () =>
      envelope({
        items: [
          { code: 'a', title: 'Account number', cate: 'txt', cardTypeMi: '1', note: 'none' },
          { code: 'b', title: 'Unknown kind', cate: 'slider' },
          { title: 'No code', cate: 'txt' },
          'not an item',
          { code: 'c', title: 'Bank', cate: 'enum', note: [{ name: 'BDO', type: 'BDO' }, { type: 'x' }] },
        ],
      }),
    ),
  )
  const result = await getCardInit(createTestProps().http, '1')
  expect(result.ok).toBe(true)
  if (!result.ok) return
  expect(result.data.map((item) => item.code)).toEqual(['a', 'b', 'c'])
  expect(result.data[0]).toMatchObject({
    cardTypeMi: 1,
    note: [],
    value: '',
    channelNumber: '',
    required: false,
  })
  // A kind the screen does not know is a plain text field (README.md), not a reason to drop the item.
  expect(result.data[1].cate).toBe('free')
  expect(result.data[2].note).toEqual([{ name: 'BDO', type: 'BDO' }])
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('[api] card-init: ignored'))
})

test('card-init: a payload without usable data is a failure, not a crash', async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  server.use(mswHttp.post(apiPath(CARD_INIT_PATH), () => envelope('oops')))
  const result = await getCardInit(createTestProps().http, '1')
  expect(result.ok).toBe(false)
})
