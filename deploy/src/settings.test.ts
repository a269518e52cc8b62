import { expect, test } from 'vitest'
import {
  apiOrigin,
  DEMO_LINK_HOSTS,
  injectSettings,
  publicOrigin,
  settingsFromEnv,
  upstreamUrl,
} from './settings'

test("the demo profile is the default: demo link hosts, QA version pins on, the demo's second origin", () => {
  expect(settingsFromEnv({})).toEqual({
    allowedHosts: DEMO_LINK_HOSTS,
    imageHosts: [],
    versionOverrides: true,
    loopbackPictures: true,
    loopbackDocuments: true,
    publicOrigin: 'http://localhost:8080',
  })
})

test("PUBLIC_ORIGIN (the sitemap's addresses) is an origin: https, or http on this machine", () => {
  expect(settingsFromEnv({ PUBLIC_ORIGIN: 'https://www.cashloan.ph' }).publicOrigin).toBe(
    'https://www.cashloan.ph',
  )
  expect(settingsFromEnv({ DEPLOY_PROFILE: 'production' }).publicOrigin).toBeUndefined()
  for (const bad of [
    'www.cashloan.ph',
    'http://www.cashloan.ph',
    'https://www.cashloan.ph/app',
    'ftp://x.ph',
  ]) {
    expect(() => settingsFromEnv({ PUBLIC_ORIGIN: bad }), bad).toThrow(/^PUBLIC_ORIGIN: /)
  }
})

test('the production profile allows no foreign link host and no version pins', () => {
  expect(settingsFromEnv({ DEPLOY_PROFILE: 'production' })).toEqual({
    allowedHosts: [],
    imageHosts: [],
    versionOverrides: false,
  })
  expect(() => settingsFromEnv({ DEPLOY_PROFILE: 'staging' })).toThrow(/DEPLOY_PROFILE/)
})

test('the store links for the download page come from the environment', () => {
  const settings = settingsFromEnv({
    ANDROID_DOWNLOAD_URL: 'https://play.google.com/store/apps/details?id=ph.cashloan',
    IOS_DOWNLOAD_URL: 'https://apps.apple.com/ph/app/cashloan/id1',
  })
  expect(settings.androidDownloadUrl).toBe('https://play.google.com/store/apps/details?id=ph.cashloan')
  expect(settings.iosDownloadUrl).toBe('https://apps.apple.com/ph/app/cashloan/id1')
})

test('environment variables override the profile, field by field', () => {
  expect(
    settingsFromEnv({
      DEPLOY_PROFILE: 'production',
      SERVICE_PHONE: '+63 2 1234',
      RUPEE_SIGN: '1',
      ALLOWED_HOSTS: 'pay.example.com, x.ph',
      IMAGE_HOSTS: 'img.cashloan.ph',
      VERSION_OVERRIDES: 'true',
    }),
  ).toEqual({
    servicePhone: '+63 2 1234',
    rupee: true,
    allowedHosts: ['pay.example.com', 'x.ph'],
    imageHosts: ['img.cashloan.ph'],
    versionOverrides: true,
  })
  expect(settingsFromEnv({ ALLOWED_HOSTS: '' }).allowedHosts).toEqual([])
  expect(settingsFromEnv({ IMAGE_HOSTS: ' IMG.CashLoan.ph ,*.cdn.example.com' }).imageHosts).toEqual([
    'img.cashloan.ph',
    '*.cdn.example.com',
  ])
})

test('a host list entry that is not a host name stops the deploy, naming the variable and the entry', () => {
  for (const bad of [
    'https://img.example.com',
    'img.example.com; script-src *',
    '*',
    'img.example.com:8443',
  ]) {
    expect(() => settingsFromEnv({ IMAGE_HOSTS: `ok.example.com,${bad}` })).toThrow(
      `IMAGE_HOSTS: "${bad.trim().toLowerCase()}" is not a host name`,
    )
  }
  expect(() => settingsFromEnv({ ALLOWED_HOSTS: 'pay.example.com/x' })).toThrow('ALLOWED_HOSTS')
})

test.each([
  [
    'API_BASE',
    ['/utilities', 'https://api.cashloan.ph/utilities', ' /api/v3 ', 'http://localhost:4310/utilities'],
  ],
  ['PRODUCT_SCHEME_URL', ['cashloan://app', 'ph.cashloan.app://open']],
  ['ANDROID_DOWNLOAD_URL', ['https://play.google.com/store/apps/details?id=ph.cashloan']],
  ['IOS_DOWNLOAD_URL', ['https://apps.apple.com/ph/app/cashloan/id1']],
])('%s takes a valid URL', (variable, values) => {
  for (const value of values) expect(() => settingsFromEnv({ [variable]: value }), value).not.toThrow()
})

test.each([
  [
    'API_BASE',
    [
      'utilities',
      'htps://api.example.com',
      'https://api example.com',
      '//api.example.com/u',
      'http://api.example.com/utilities',
      'https://user:pw@api.example.com',
      'https://api.example.com/u?x=1',
    ],
  ],
  ['PRODUCT_SCHEME_URL', ['cashloan', 'https://app.example.com', 'javascript:alert(1)', 'data:text/html,x']],
  ['ANDROID_DOWNLOAD_URL', ['play.google.com/store', 'http://play.google.com/store', 'javascript:alert(1)']],
  ['IOS_DOWNLOAD_URL', ['apps.apple.com', 'ftp://apps.apple.com/x']],
])('a mistyped %s refuses the start, naming the setting and the value', (variable, values) => {
  for (const value of values) {
    expect(() => settingsFromEnv({ [variable]: value }), value).toThrow(`${variable}: "${value}" is not`)
  }
})

test('nginx upstreams and the API origin are checked too, naming the setting', () => {
  expect(upstreamUrl('API_UPSTREAM', 'http://127.0.0.1:4310')).toBe('http://127.0.0.1:4310')
  for (const bad of ['127.0.0.1:4310', 'ftp://x', 'http://a;b', 'http://x/?q', 'http://u:p@x']) {
    expect(() => upstreamUrl('API_UPSTREAM', bad), bad).toThrow('API_UPSTREAM')
  }
  expect(apiOrigin('')).toBe('')
  expect(apiOrigin('https://api.cashloan.ph')).toBe('https://api.cashloan.ph')
  for (const bad of ['api.cashloan.ph', 'https://api.cashloan.ph/utilities', 'http://api.cashloan.ph']) {
    expect(() => apiOrigin(bad), bad).toThrow('API_ORIGIN')
  }
})

test('injected settings cannot close the script element', () => {
  const html = '<head><script type="application/json" id="app-settings">{}</script></head>'
  const out = injectSettings(html, { name: '</script><script>alert(1)</script>' })
  expect(out).not.toContain('</script><script>')
  expect(out).toContain('\\u003c/script>')
  const json = /id="app-settings">(.*)<\/script>/.exec(out)![1]
  expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>' })
})

test("injected settings arrive byte for byte: `$&`, `$`` and `$'` are text, not replacement patterns", () => {
  const html = '<head><script type="application/json" id="app-settings">{}</script></head>'
  const settings = { name: "$& $` $' $$ $1", servicePhone: '</script>$&' }
  const out = injectSettings(html, settings)
  expect(JSON.parse(/id="app-settings">(.*)<\/script>/.exec(out)![1])).toEqual(settings)
  expect(out.endsWith('</script></head>')).toBe(true)
})

test('health reports: HEALTH_ENDPOINT (a path here, or empty for none) and HEALTH_SAMPLE (0–1) are checked', () => {
  expect(settingsFromEnv({})).not.toHaveProperty('healthEndpoint')
  expect(settingsFromEnv({ HEALTH_ENDPOINT: ' /telemetry ', HEALTH_SAMPLE: '0.1' })).toMatchObject({
    healthEndpoint: '/telemetry',
    healthSample: 0.1,
  })
  expect(settingsFromEnv({ HEALTH_ENDPOINT: '' })).toMatchObject({ healthEndpoint: '' })
  expect(() => settingsFromEnv({ HEALTH_ENDPOINT: 'https://c.example.com/r' })).toThrow(/HEALTH_ENDPOINT/)
  expect(() => settingsFromEnv({ HEALTH_SAMPLE: '2' })).toThrow(/HEALTH_SAMPLE/)
  expect(() => settingsFromEnv({ HEALTH_SAMPLE: ' ' })).toThrow(/HEALTH_SAMPLE/)
})

test("the site's public origin (PUBLIC_ORIGIN): the demo's by default, an origin exactly or the deploy stops", () => {
  expect(publicOrigin({})).toBe('http://localhost:8080')
  expect(publicOrigin({ PUBLIC_ORIGIN: ' https://www.cashloan.ph/ ' })).toBe('https://www.cashloan.ph')
  for (const bad of [
    'www.cashloan.ph',
    'https://www.cashloan.ph/home',
    'ftp://x.ph',
    'https://u:p@x.ph',
    'https://x.ph?a=1',
  ]) {
    expect(() => publicOrigin({ PUBLIC_ORIGIN: bad }), bad).toThrow('PUBLIC_ORIGIN')
  }
})
