import { expect, test } from 'vitest'
import {
  apiOrigin,
  DEMO_LINK_HOSTS,
  injectSettings,
  publicOrigin,
  settingsFromEnv,
  upstreamUrl,
} from './settings'
import { PRODUCTION_ENV } from './testing/production-env'

test("the demo profile is the default: demo link hosts, QA version pins on, the demo's second origin", () => {
  expect(settingsFromEnv({})).toEqual({
    allowedHosts: DEMO_LINK_HOSTS,
    imageHosts: [],
    versionOverrides: true,
    loopbackPictures: true,
    loopbackDocuments: true,
    publicOrigin: 'http://localhost:8080',
    lenderName: 'CashLoan Demo Lending Corp. (demo values, not a real lender)',
    lenderSecRegistrationNo: 'DEMO-0000',
    lenderCertificateOfAuthorityNo: 'DEMO-0000',
    lenderAddress: 'Demo address (demo values, not a real office)',
  })
})

test("the demo's lender identity says plainly that it is not a real lender's; the environment overrides it", () => {
  const demo = settingsFromEnv({})
  for (const field of [
    'lenderName',
    'lenderSecRegistrationNo',
    'lenderCertificateOfAuthorityNo',
    'lenderAddress',
  ])
    expect(demo[field], field).toMatch(/demo/i)
  expect(
    settingsFromEnv({ LENDER_NAME: ' Kalesa Lending Corp. ', LENDER_ADDRESS: '12 Test Street' }),
  ).toMatchObject({ lenderName: 'Kalesa Lending Corp.', lenderAddress: '12 Test Street' })
})

/** Everything the production profile needs stated (ADR 0038). */
const PRODUCTION = PRODUCTION_ENV
const REQUIRED = Object.keys(PRODUCTION).filter((variable) => variable !== 'DEPLOY_PROFILE')

test('the production profile starts with every required setting stated, and makes up none', () => {
  expect(settingsFromEnv(PRODUCTION)).toEqual({
    allowedHosts: ['pay.kalesa.ph'],
    imageHosts: [],
    versionOverrides: false,
    lenderName: 'Kalesa Lending Corp.',
    lenderSecRegistrationNo: 'CS2024-77777',
    lenderCertificateOfAuthorityNo: '4242',
    lenderAddress: '12 Test Street, Quezon City',
    servicePhone: '+63 2 5555 0000',
    serviceEmail: 'help@kalesa.ph',
  })
})

/** The message `settingsFromEnv` refuses `env` with ('' when it does not). */
function refusal(env: NodeJS.ProcessEnv): string {
  try {
    settingsFromEnv(env)
    return ''
  } catch (error) {
    return (error as Error).message
  }
}

/** The variables a refusal names, one a line. */
const named = (message: string) => [...message.matchAll(/^\s+([A-Z_]+): /gm)].map((match) => match[1])

test.each(REQUIRED)(
  'the production profile refuses to start without %s (or with it blank), naming it',
  (variable) => {
    for (const value of [undefined, '', '   ']) {
      expect(named(refusal({ ...PRODUCTION, [variable]: value })), JSON.stringify(value)).toEqual([variable])
    }
  },
)

test('the production profile names every missing setting in one message, ALLOWED_HOSTS with what it blocks', () => {
  const message = refusal({ DEPLOY_PROFILE: 'production', SERVICE_PHONE: '+63 2 5555 0000' })
  expect(message).toMatch(/^DEPLOY_PROFILE=production needs settings that are not set/)
  expect(named(message)).toEqual(REQUIRED.filter((variable) => variable !== 'SERVICE_PHONE'))
  expect(message).toContain(
    'every continuation link, payUrl, agreement and product link is refused with "This link cannot be opened."',
  )
  expect(message).toContain('ALLOWED_HOSTS=none')
})

test('ALLOWED_HOSTS=none is a choice: no host, in production as in the demo; it is no host name to mix in', () => {
  expect(settingsFromEnv({ ...PRODUCTION, ALLOWED_HOSTS: 'none' }).allowedHosts).toEqual([])
  expect(settingsFromEnv({ ...PRODUCTION, ALLOWED_HOSTS: ' None ' }).allowedHosts).toEqual([])
  expect(settingsFromEnv({ ALLOWED_HOSTS: 'none' }).allowedHosts).toEqual([])
  expect(() => settingsFromEnv({ ...PRODUCTION, ALLOWED_HOSTS: 'none,pay.kalesa.ph' })).toThrow(
    'ALLOWED_HOSTS: "none" is not a host name',
  )
})

test("PUBLIC_ORIGIN (the sitemap's addresses) is an origin: https, or http on this machine", () => {
  expect(settingsFromEnv({ PUBLIC_ORIGIN: 'https://www.cashloan.ph' }).publicOrigin).toBe(
    'https://www.cashloan.ph',
  )
  expect(settingsFromEnv(PRODUCTION).publicOrigin).toBeUndefined()
  for (const bad of [
    'www.cashloan.ph',
    'http://www.cashloan.ph',
    'https://www.cashloan.ph/app',
    'ftp://x.ph',
  ]) {
    expect(() => settingsFromEnv({ PUBLIC_ORIGIN: bad }), bad).toThrow(/^PUBLIC_ORIGIN: /)
  }
})

test('the production profile allows only the link hosts it is given, and no version pins', () => {
  expect(settingsFromEnv(PRODUCTION)).toMatchObject({
    allowedHosts: ['pay.kalesa.ph'],
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
      ...PRODUCTION,
      SERVICE_PHONE: '+63 2 1234',
      RUPEE_SIGN: '1',
      ALLOWED_HOSTS: 'pay.example.com, x.ph',
      IMAGE_HOSTS: 'img.cashloan.ph',
      VERSION_OVERRIDES: 'true',
    }),
  ).toMatchObject({
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
