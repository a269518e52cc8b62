import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mswHttp } from 'msw'
import { apiPath, envelope } from 'shared/mocks'
import { createTestProps, setupMswServer } from 'shared/testing'
import { ABSENT, withAbsent, type Absence } from 'shared/testing/fuzz'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { mountBindcard } from '../testing/mount-bindcard'
import { handlers } from '../mocks/handlers'
import { cardInitItem, listBinds, resetStore } from '../mocks/store'
import { getCardInit } from './bind-card'
import { CARD_INIT_PATH } from './paths'

/*
 * docs/api-assumptions.md, mf-bindcard: each row's default for a field the server leaves out (or sends as
 * null), one test per field, named `missing <call> <field>` as the row writes them
 * (shared/config/api-assumptions.ts checks that every such row has its test).
 */

const server = setupMswServer(...handlers)
beforeEach(() => void vi.spyOn(console, 'warn').mockImplementation(() => undefined))
afterEach(() => {
  resetStore()
  vi.restoreAllMocks()
})

/** A card-init item with every field the spec names; `fields` on top. */
const item = (fields: Record<string, unknown>) =>
  cardInitItem({
    code: 'zip',
    title: 'ZIP code',
    subtitle: 'Where you live',
    cate: 'txt',
    inputType: 'number',
    ...fields,
  })

const answerItems = (items: unknown[]) =>
  server.use(mswHttp.post(apiPath(CARD_INIT_PATH), () => envelope({ items })))

/** The items card-init gives the screen when the first of `items` lacks `field` (left out or null). */
async function parsedWithout(field: string, how: Absence) {
  const items = [item({ code: 'first', title: 'First' }), item({ code: 'second', title: 'Second' })]
  answerItems(withAbsent(items, [0, field], how))
  const result = await getCardInit(createTestProps().http, '1')
  if (!result.ok) throw new Error(result.message)
  return result.data
}

async function renderForm(items: unknown[]) {
  answerItems(items)
  const props = createTestProps({ screen: 'bindBank', query: { productId: '4' } })
  mountBindcard(props)
  const form = await screen.findByRole('form', { name: 'Payment account information' })
  return { props, form, user: userEvent.setup() }
}

test.each(ABSENT)(
  'missing POST /v3/bind-card/card-init items[].cate (%s): the item is skipped',
  async (how) => {
    expect((await parsedWithout('cate', how)).map((each) => each.code)).toEqual(['second'])
  },
)

test.each(ABSENT)(
  'missing POST /v3/bind-card/card-init card-type and channel names (%s): our names (1 E-wallet, 2 Bank card; 90006 GCash, 90007 Maya)',
  async (how) => {
    const named = (fields: Record<string, unknown>) =>
      withAbsent(withAbsent(item(fields), ['cardTypeName'], how), ['channelName'], how)
    await renderForm([
      named({
        code: 'gcash',
        title: 'GCash number',
        cardTypeMi: 1,
        channelNumber: '90006',
        cardTypeName: 'W',
      }),
      named({ code: 'maya', title: 'Maya number', cardTypeMi: 1, channelNumber: '90007', channelName: 'M' }),
      named({ code: 'card', title: 'Card number', cardTypeMi: 2, cardTypeName: 'C' }),
    ])
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['E-wallet', 'Bank card'])
    expect(screen.getAllByRole('radio').map((radio) => radio.textContent)).toEqual(['GCash', 'Maya'])
  },
)

test.each(ABSENT)(
  "missing POST /v3/bind-card/card-init required flag (%s): optional, sent as ''",
  async (how) => {
    const flags = { required: 1, isRequired: 1, must: 1 }
    let ref = item({ code: 'ref', title: 'Referral code', ...flags })
    for (const flag of Object.keys(flags)) ref = withAbsent(ref, [flag], how)
    const { props, user } = await renderForm([item({ code: 'zip', title: 'ZIP code', required: 1 }), ref])
    await user.type(screen.getByLabelText('ZIP code'), '1100')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(props.bridgeCalls.map((call) => call.action)).toContain('closeWebview'))
    expect(listBinds()[0].body).toEqual({ zip: '1100', ref: '', product_id: '4', cardType: '1' })
  },
)

test.each(ABSENT)('missing POST /v3/bind-card/card-init code (%s): the item is skipped', async (how) => {
  expect((await parsedWithout('code', how)).map((each) => each.title)).toEqual(['Second'])
})

test.each(ABSENT)('missing POST /v3/bind-card/card-init title (%s): the item is skipped', async (how) => {
  expect((await parsedWithout('title', how)).map((each) => each.code)).toEqual(['second'])
})

test.each(ABSENT)("missing POST /v3/bind-card/card-init subtitle (%s): ''", async (how) => {
  const [first, second] = await parsedWithout('subtitle', how)
  expect([first.subtitle, second.subtitle]).toEqual(['', 'Where you live'])
})

test.each(ABSENT)("missing POST /v3/bind-card/card-init inputType (%s): ''", async (how) => {
  const [first, second] = await parsedWithout('inputType', how)
  expect([first.inputType, second.inputType]).toEqual(['', 'number'])
})
