import { expect, test } from 'vitest'
import { versionsToTry } from './version-choice'

const entry = {
  version: '2.0.0-b',
  entry: '/remotes/mf-site/2.0.0-b/mf-manifest.json',
  previous: { version: '1.0.0-a', entry: '/remotes/mf-site/1.0.0-a/mf-manifest.json' },
  available: ['1.0.0-a', '2.0.0-b', '3.0.0-c'],
}

test('the current version, then previous', () => {
  expect(versionsToTry(entry, undefined)).toEqual([
    {
      version: '2.0.0-b',
      entry: '/remotes/mf-site/2.0.0-b/mf-manifest.json',
      previous: entry.previous,
      available: entry.available,
    },
    entry.previous,
  ])
  expect(versionsToTry({ ...entry, previous: null }, undefined)).toHaveLength(1)
})

test('a QA pin of a released version is the only one tried; an unknown pin is ignored', () => {
  expect(versionsToTry(entry, '3.0.0-c')).toEqual([
    { version: '3.0.0-c', entry: '/remotes/mf-site/3.0.0-c/mf-manifest.json' },
  ])
  expect(versionsToTry(entry, '9.9.9-z').map((p) => p.version)).toEqual(['2.0.0-b', '1.0.0-a'])
})

test('a remote the registry does not list has nothing to try', () => {
  expect(versionsToTry(undefined, '1.0.0-a')).toEqual([])
})
