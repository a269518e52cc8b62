import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect } from '@playwright/test'
import { listFiles } from 'deploy/release'

/** For specs that release a version of mf-loan of their own on their own server (the watch, forged reports). */
const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** A copy of the real mf-loan build under `root` (as `releaseRemote`'s rootDir), with its files' paths. */
export function copyMfLoan(root: string): string[] {
  cpSync(join(ROOT, 'mf-loan', 'package.json'), join(root, 'mf-loan', 'package.json'))
  cpSync(join(ROOT, 'mf-loan', 'dist'), join(root, 'mf-loan', 'dist'), { recursive: true })
  return listFiles(join(root, 'mf-loan', 'dist'))
}

/**
 * The real mf-loan build under `root`, its mount made to throw when `when` (a JavaScript condition on the
 * mount's `props`) holds: a release that fails for those borrowers.
 */
export function mfLoanThrowingAtMount(root: string, when: string): string {
  let edited = 0
  for (const file of copyMfLoan(root).filter((f) => f.endsWith('.js'))) {
    const source = readFileSync(file, 'utf8')
    if (!source.includes('hydrateRoot')) continue
    const broken = source.replace(
      /mount:(\w+)=>\{/,
      (_, props: string) =>
        `mount:${props}=>{const props=${props};if(${when})` +
        `return Promise.reject(new Error('broken release: throws at mount'));`,
    )
    if (broken !== source) {
      writeFileSync(file, broken)
      edited += 1
    }
  }
  expect(edited, 'the lifecycles were found in the build').toBe(1)
  return root
}
