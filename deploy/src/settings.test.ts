import { expect, test } from 'vitest'
import { injectSettings, settingsFromEnv } from './settings'

test('settings come from the environment; unset variables are left to the shell defaults', () => {
  expect(
    settingsFromEnv({ SERVICE_PHONE: '+63 2 1234', RUPEE_SIGN: '1', ALLOWED_HOSTS: 'pay.example.com, x.ph' }),
  ).toEqual({
    servicePhone: '+63 2 1234',
    rupee: true,
    allowedHosts: ['pay.example.com', 'x.ph'],
  })
  expect(settingsFromEnv({})).toEqual({})
})

test('injected settings cannot close the script element', () => {
  const html = '<head><script type="application/json" id="app-settings">{}</script></head>'
  const out = injectSettings(html, { name: '</script><script>alert(1)</script>' })
  expect(out).not.toContain('</script><script>')
  expect(out).toContain('\\u003c/script>')
  const json = /id="app-settings">(.*)<\/script>/.exec(out)![1]
  expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>' })
})
