import { http as mswHttp, HttpResponse } from 'msw'
import { promoPath } from 'shared/mocks'
import { createTestProps, setupMswServer } from 'shared/testing'
import { expect, test, vi } from 'vitest'
import { handlers } from '../mocks/handlers'
import { clientType, getTemplate } from './promotion'

const server = setupMswServer(...handlers)
const TEMPLATE = promoPath('/service/channel/channel-template')

const answer = (data: unknown) =>
  server.use(mswHttp.get(TEMPLATE, () => HttpResponse.json({ code: '0', message: 'ok', data })))

test('the template configuration is read from JSON text or an object', async () => {
  const { http } = createTestProps()
  answer({ id: 5, config: '{"title":"T","androidUrl":"https://a.example/x.apk"}' })
  expect(await getTemplate(http, '5')).toEqual({
    ok: true,
    data: {
      id: '5',
      config: {
        title: 'T',
        subtitle: '',
        backgroundColor: '',
        buttonColor: '',
        androidUrl: 'https://a.example/x.apk',
        iosUrl: '',
      },
    },
  })
  answer({ id: 5, config: { title: 'O', backgroundColor: '#abc' } })
  const result = await getTemplate(http, '5')
  expect(result.ok && result.data.config).toMatchObject({ title: 'O', backgroundColor: '#abc' })
})

test('a configuration that is no JSON, or a colour that is no colour, is dropped, not the page', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const { http } = createTestProps()
  answer({ id: 5, config: 'not json' })
  const plain = await getTemplate(http, '5')
  expect(plain.ok && plain.data.config.title).toBe('')
  answer({ id: 5, config: { title: 'T', buttonColor: 'red;background:url(x)' } })
  const result = await getTemplate(http, '5')
  expect(result.ok && result.data.config).toMatchObject({ title: 'T', buttonColor: '' })
  warn.mockRestore()
})

test('the client type is ios for iPhone, iPad and iPod, android otherwise', () => {
  expect(clientType('Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X)')).toBe('ios')
  expect(clientType('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('ios')
  expect(clientType('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe('android')
  expect(clientType('Mozilla/5.0 (X11; Linux x86_64)')).toBe('android')
})
