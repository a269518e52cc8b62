import { ESLint } from 'eslint'
import { beforeAll, expect, test } from 'vitest'
import { lintConfig } from './eslint.config.js'

type Role = Parameters<typeof lintConfig>[0]

/** The rule ids ESLint reports for `code` in `file` of a package with `role` (plain JS: no type information). */
async function problems(role: Role, file: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ overrideConfigFile: true, overrideConfig: lintConfig(role) })
  const [result] = await eslint.lintText(code, { filePath: `${process.cwd()}/${file}` })
  return result.messages.map((m) => `${m.ruleId}: ${m.message.split(':')[0].split('.')[0]}`)
}

// The first lint of a file that ships to phones loads the browser compatibility data the support floor's rule
// reads (ADR 0045): once, here, not inside the first test's time limit.
beforeAll(() => problems('remote', 'src/a.js', ''), 60_000)

const imports = (...specifiers: string[]) => specifiers.map((s) => `import '${s}'`).join('\n') + '\n'

test.each([
  ['remote', 'mf-site/screens/x'],
  ['remote', 'mf-complaint'],
  ['remote', 'shell/src/app'],
  ['remote', 'deploy/settings'],
  ['shared', 'mf-site/mocks'],
  ['shared', 'shell'],
  ['shell', 'mf-complaint/mocks'],
  ['shell', 'deploy/paths'],
  ['deploy', 'shell/x'],
] as const)('a %s may not import %s', async (role, specifier) => {
  expect(await problems(role, 'src/a.js', imports(specifier))).toEqual([
    expect.stringContaining('no-restricted-imports'),
  ])
})

test.each([
  ['../../shell/src/routes/x'],
  ['../deploy/src/server'],
  ['shared/src/http/http'],
  ['antd-mobile'],
])('nobody imports %s (another package by path, or the component library root)', async (specifier) => {
  for (const role of ['shared', 'remote', 'shell', 'deploy', 'e2e'] as const) {
    const found = await problems(role, 'src/a.js', imports(specifier))
    expect(found.length, role).toBeGreaterThan(0)
    expect(
      found.every((p) => p.startsWith('no-restricted-imports')),
      role,
    ).toBe(true)
  }
})

test('packages by name and subpath, and a package’s own files, are fine', async () => {
  expect(
    await problems('remote', 'src/a.js', imports('shared/http', '../content/messages', 'react')),
  ).toEqual([])
  expect(await problems('deploy', 'src/a.js', imports('mf-site/mocks', 'shared/routes'))).toEqual([])
  expect(await problems('e2e', 'tests/a.js', imports('deploy/release', 'shared/routes'))).toEqual([])
  expect(await problems('shared', 'config/a.js', imports('../src/http/limits.ts'))).toEqual([])
})

test('in a remote, screens, components, api, content and mocks never import from app/; app and test support may', async () => {
  for (const [file, specifier] of [
    ['src/screens/x/x-screen.js', '../../app/messages'],
    ['src/screens/x/x-screen.test.js', '../../app/x-app'],
    ['src/components/a.js', '../app/x-app'],
    ['src/api/a.js', '../app/messages'],
    ['src/content/a.js', '../app/x-app'],
    ['src/mocks/handlers.js', '../app/first-calls'],
  ]) {
    expect(await problems('remote', file, imports(specifier)), file).toEqual([
      expect.stringContaining('no-restricted-imports'),
    ])
  }
  expect(await problems('remote', 'src/screens/x/x-screen.js', imports('../../content/messages'))).toEqual([])
  expect(await problems('remote', 'src/testing/mount-x.js', imports('../app/x-app'))).toEqual([])
  expect(
    await problems('remote', 'src/app/x-app.js', imports('../screens/x/x-screen', './messages')),
  ).toEqual([])
  // The folder rule keeps the package rules: a screen still may not import another remote.
  expect(await problems('remote', 'src/screens/x/x-screen.js', imports('mf-site/mocks'))).toEqual([
    expect.stringContaining('no-restricted-imports'),
  ])
})

test('file names are kebab-case', async () => {
  for (const name of ['loan-details-screen.js', 'use-countdown.test.js', 'a.js', 'x2.config.js']) {
    expect(await problems('remote', `src/${name}`, '')).toEqual([])
  }
  for (const name of ['LoanDetails.js', 'loan_details.js', 'loanDetails.test.js', 'loan--details.js']) {
    expect(await problems('remote', `src/${name}`, ''), name).toEqual([
      expect.stringContaining('house/kebab-case-files'),
    ])
  }
})
