import { afterEach, expect, test, vi } from 'vitest'
import {
  applyTheme,
  DEFAULT_SETTINGS,
  parseSettings,
  readApiBase,
  readSettings,
  themeVariables,
} from './settings'

afterEach(() => {
  vi.restoreAllMocks()
  document.getElementById('app-settings')?.remove()
})

test.each([[null], [undefined], [''], ['   \n ']])('no settings block (%j) gives the defaults', (text) => {
  expect(parseSettings(text)).toEqual(DEFAULT_SETTINGS)
})

test('the defaults are the documented ones', () => {
  expect(DEFAULT_SETTINGS).toMatchObject({ apiBase: '/utilities', rupee: false, allowedHosts: [] })
})

test('deploy-time values override the defaults, trimmed', () => {
  const settings = parseSettings(
    JSON.stringify({
      name: ' PesoLoan ',
      backgroundColor: '#000000',
      fontColor: '#eeeeee',
      servicePhone: '+63 2 1111 2222',
      serviceEmail: 'help@pesoloan.ph',
      productSchemeUrl: 'pesoloan://open',
      rupee: true,
      apiBase: 'https://api.pesoloan.ph/utilities',
      allowedHosts: ['pay.partner.com', '*.pesoloan.ph'],
      androidDownloadUrl: ' https://play.google.com/store/apps/details?id=ph.pesoloan ',
      iosDownloadUrl: 'https://apps.apple.com/ph/app/pesoloan/id42',
      healthEndpoint: ' /telemetry/page ',
      healthSample: 0.25,
    }),
  )
  expect(settings).toEqual({
    name: 'PesoLoan',
    backgroundColor: '#000000',
    fontColor: '#eeeeee',
    servicePhone: '+63 2 1111 2222',
    serviceEmail: 'help@pesoloan.ph',
    productSchemeUrl: 'pesoloan://open',
    rupee: true,
    apiBase: 'https://api.pesoloan.ph/utilities',
    allowedHosts: ['pay.partner.com', '*.pesoloan.ph'],
    imageHosts: [],
    versionOverrides: false,
    androidDownloadUrl: 'https://play.google.com/store/apps/details?id=ph.pesoloan',
    iosDownloadUrl: 'https://apps.apple.com/ph/app/pesoloan/id42',
    healthEndpoint: '/telemetry/page',
    healthSample: 0.25,
  })
})

test.each([
  [{ healthEndpoint: 'https://collector.example.com/r' }, { healthEndpoint: '/health/reports' }],
  [{ healthEndpoint: '//evil.example/r' }, { healthEndpoint: '/health/reports' }],
  [{ healthEndpoint: '' }, { healthEndpoint: '' }],
  [{ healthSample: 1.5 }, { healthSample: 1 }],
  [{ healthSample: '0.5' }, { healthSample: 1 }],
  [{ healthSample: 0 }, { healthSample: 0 }],
])('health settings: %j gives %j (a path on this origin or nothing; a share 0–1)', (given, expected) => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  expect(parseSettings(JSON.stringify(given))).toMatchObject(expected)
})

test.each([
  ['http://play.google.com/x'],
  ['javascript:alert(1)'],
  ['https://u:p@apps.apple.com/x'],
  ['store'],
  [42],
])('a store link that is not a plain https link (%j) keeps the default', (link) => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const settings = parseSettings(JSON.stringify({ androidDownloadUrl: link, iosDownloadUrl: link }))
  expect(settings.androidDownloadUrl).toBe(DEFAULT_SETTINGS.androidDownloadUrl)
  expect(settings.iosDownloadUrl).toBe(DEFAULT_SETTINGS.iosDownloadUrl)
})

test('a partial block keeps the defaults for the missing fields', () => {
  expect(parseSettings('{"name":"PesoLoan"}')).toEqual({ ...DEFAULT_SETTINGS, name: 'PesoLoan' })
})

test('malformed JSON gives the defaults with a console note', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  expect(parseSettings('{"name": "PesoLoan",')).toEqual(DEFAULT_SETTINGS)
  expect(warn).toHaveBeenCalledTimes(1)
})

test.each([['null'], ['"text"'], ['42'], ['true']])(
  'JSON that is not an object (%s) gives the defaults',
  (text) => {
    expect(parseSettings(text)).toEqual(DEFAULT_SETTINGS)
  },
)

test('fields of the wrong type are ignored, keeping their defaults', () => {
  const settings = parseSettings(
    JSON.stringify({
      name: 42,
      backgroundColor: null,
      servicePhone: '   ',
      serviceEmail: ['a@b.c'],
      rupee: 'yes',
      apiBase: { path: '/x' },
      allowedHosts: 'pay.partner.com',
    }),
  )
  expect(settings).toEqual(DEFAULT_SETTINGS)
})

test('allowedHosts keeps only non-empty strings', () => {
  expect(
    parseSettings(JSON.stringify({ allowedHosts: ['a.com', '', 3, null, 'b.com'] })).allowedHosts,
  ).toEqual(['a.com', 'b.com'])
})

test('the result is a copy: changing it does not change the defaults', () => {
  const settings = parseSettings(null)
  settings.allowedHosts.push('evil.com')
  settings.name = 'Changed'
  expect(DEFAULT_SETTINGS.allowedHosts).toEqual([])
  expect(parseSettings(null)).toEqual(DEFAULT_SETTINGS)
})

test('readSettings reads the #app-settings block of the page', () => {
  const script = document.createElement('script')
  script.type = 'application/json'
  script.id = 'app-settings'
  script.textContent = JSON.stringify({ rupee: true, servicePhone: '+91 80 1234 5678' })
  document.head.append(script)
  expect(readSettings(document)).toEqual({
    ...DEFAULT_SETTINGS,
    rupee: true,
    servicePhone: '+91 80 1234 5678',
  })
})

test('readSettings without a block gives the defaults', () => {
  expect(readSettings(document)).toEqual(DEFAULT_SETTINGS)
})

test('host lists keep valid entries (lower-cased) and drop the rest with a console note', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const settings = parseSettings(
    JSON.stringify({
      allowedHosts: [
        'Pay.Partner.com',
        '*.pesoloan.ph',
        '*',
        '*.com',
        'https://evil.com',
        'evil.com/path',
        'evil.com:8080',
        'a b.com',
        '',
        42,
        'localhost',
      ],
      imageHosts: ['img.cdn.ph', 'javascript:alert(1)'],
      versionOverrides: true,
    }),
  )
  expect(settings.allowedHosts).toEqual(['pay.partner.com', '*.pesoloan.ph', 'localhost'])
  expect(settings.imageHosts).toEqual(['img.cdn.ph'])
  expect(settings.versionOverrides).toBe(true)
  expect(warn).toHaveBeenCalledTimes(1)
  expect(String(warn.mock.calls[0][0]).match(/(allowed|image)Hosts\[\d+\]/g)).toHaveLength(9)
})

test('version overrides are off unless the deploy settings turn them on', () => {
  expect(parseSettings('{}').versionOverrides).toBe(false)
  expect(parseSettings('{"versionOverrides":"yes"}').versionOverrides).toBe(false)
})

test.each([
  [null],
  [''],
  ['{"apiBase":" https://api.cashloan.ph/utilities "}'],
  ['{"apiBase":"   "}'],
  ['{"apiBase":42}'],
  ['{"apiBase":'],
  ['[]'],
  ['"x"'],
])('the first-call script reads the API base as parseSettings does (%s)', (text) => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const doc = document.implementation.createHTMLDocument()
  if (text !== null) {
    const block = doc.createElement('script')
    block.id = 'app-settings'
    block.textContent = text
    doc.head.append(block)
  }
  expect(readApiBase(doc)).toBe(parseSettings(text).apiBase)
})

test('the theme becomes --app-bg / --app-fg on <html>, each only when it is a plain colour', () => {
  expect(themeVariables({ backgroundColor: '#7a1fa2', fontColor: 'rgb(255, 255, 255)' })).toEqual([
    ['--app-bg', '#7a1fa2'],
    ['--app-fg', 'rgb(255, 255, 255)'],
  ])
  expect(themeVariables({ backgroundColor: 'red;background:url(//x)', fontColor: 'white' })).toEqual([
    ['--app-fg', 'white'],
  ])
  document.documentElement.removeAttribute('style')
  applyTheme(document, { ...DEFAULT_SETTINGS, backgroundColor: '#00aa00', fontColor: '"><b>' })
  expect(document.documentElement.style.getPropertyValue('--app-bg')).toBe('#00aa00')
  expect(document.documentElement.style.getPropertyValue('--app-fg')).toBe('')
  document.documentElement.removeAttribute('style')
})

const LENDER = {
  lenderName: 'PesoLoan Lending Corp.',
  lenderSecRegistrationNo: 'CS2020-00001',
  lenderCertificateOfAuthorityNo: '1234',
  lenderAddress: '1 Ayala Avenue, Makati City',
}

test("the lender's identity is read as the deployment wrote it, trimmed", () => {
  const settings = parseSettings(
    JSON.stringify({
      lenderName: ` ${LENDER.lenderName} `,
      lenderSecRegistrationNo: LENDER.lenderSecRegistrationNo,
      lenderCertificateOfAuthorityNo: ` ${LENDER.lenderCertificateOfAuthorityNo}`,
      lenderAddress: LENDER.lenderAddress,
    }),
  )
  expect(settings).toEqual({ ...DEFAULT_SETTINGS, ...LENDER })
})

test("the lender's identity has no default: a block without it leaves every field out", () => {
  for (const settings of [parseSettings(null), parseSettings('{}'), parseSettings('{"name":"x"}')]) {
    for (const field of Object.keys(LENDER)) expect(settings).not.toHaveProperty(field)
  }
})

test.each(Object.keys(LENDER))(
  'a malformed %s is left out (logged by name, not by value) and the other identity fields are kept',
  (field) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    for (const bad of [42, '   ', null, ['x'], { text: 'x' }]) {
      warn.mockClear()
      const settings = parseSettings(JSON.stringify({ ...LENDER, [field]: bad }))
      expect(settings, JSON.stringify(bad)).not.toHaveProperty(field)
      const { [field as keyof typeof LENDER]: _dropped, ...others } = LENDER
      expect(settings).toMatchObject(others)
      expect(warn).toHaveBeenCalledTimes(1)
      expect(String(warn.mock.calls[0][0])).toContain(field)
    }
  },
)
