import { getInstance, ModuleFederation } from '@module-federation/runtime'
import * as React from 'react'
import * as ReactDOM from 'react-dom'
import * as ReactDOMClient from 'react-dom/client'
import * as ReactJsxRuntime from 'react/jsx-runtime'
import reactDomPackage from 'react-dom/package.json'
import reactPackage from 'react/package.json'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test, vi } from 'vitest'
import type { FederationRuntime } from './load-stages'
import { SHELL_FEDERATION_MODULE } from 'shared/routes'
import * as FederationHost from './federation-host'
import { hostShared, lazyFederationRuntime } from './federation-runtime'

type HostModule = typeof FederationHost

test("the shell shares its own React modules as singletons, at the installed packages' versions", () => {
  const shared = hostShared() as Record<string, { version: string; lib: () => unknown; shareConfig: unknown }>
  const modules: Record<string, [unknown, string]> = {
    react: [React, reactPackage.version],
    'react/jsx-runtime': [ReactJsxRuntime, reactPackage.version],
    'react-dom': [ReactDOM, reactDomPackage.version],
    'react-dom/client': [ReactDOMClient, reactDomPackage.version],
  }
  expect(Object.keys(shared).sort()).toEqual(Object.keys(modules).sort())
  for (const [name, [module, version]] of Object.entries(modules)) {
    expect(shared[name].lib()).toBe(module)
    expect(shared[name].version).toBe(version)
    expect(shared[name].shareConfig).toEqual({ singleton: true, requiredVersion: '^19.0.0' })
  }
})

function fakeHost() {
  const runtime: FederationRuntime = {
    registerRemotes: vi.fn(),
    loadRemote: vi.fn(async () => ({ id: 'module' })) as FederationRuntime['loadRemote'],
  }
  const createFederationHost = vi.fn((_shared: unknown) => runtime)
  return { runtime, createFederationHost, module: { createFederationHost } as unknown as HostModule }
}

test('the runtime is imported on first use, once, even for concurrent calls', async () => {
  const host = fakeHost()
  const importHost = vi.fn(async () => host.module)
  const runtime = lazyFederationRuntime(importHost)
  expect(importHost).not.toHaveBeenCalled()
  const entry = [{ name: 'mf_site', entry: '/remotes/mf-site/1/remoteEntry.js', type: 'module' as const }]
  await Promise.all([runtime.registerRemotes(entry, { force: true }), runtime.loadRemote('mf_site/app')])
  expect(await runtime.loadRemote('mf_site/app')).toEqual({ id: 'module' })
  expect(importHost).toHaveBeenCalledTimes(1)
  expect(host.createFederationHost).toHaveBeenCalledTimes(1)
  expect(Object.keys(host.createFederationHost.mock.calls[0][0] as object)).toContain('react-dom/client')
  expect(host.runtime.registerRemotes).toHaveBeenCalledWith(entry, { force: true })
  expect(runtime.failed?.()).toBe(false)
})

/** A runtime whose chunk fails to download the first time and arrives the next. */
function failingOnce() {
  const host = fakeHost()
  const importHost = vi
    .fn<() => Promise<HostModule>>()
    .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
    .mockResolvedValue(host.module)
  return { importHost, runtime: lazyFederationRuntime(importHost) }
}

test('a runtime chunk that fails to load is reported, and the next use tries the import again', async () => {
  const { importHost, runtime } = failingOnce()
  await expect(runtime.loadRemote('mf_site/app')).rejects.toThrow('Failed to fetch')
  expect(runtime.failed?.()).toBe(true)
  expect(await runtime.loadRemote('mf_site/app')).toEqual({ id: 'module' })
  expect(importHost).toHaveBeenCalledTimes(2)
})

test('ready starts the import that the first use then shares; a later success clears the failure', async () => {
  const { importHost, runtime } = failingOnce()
  await expect(runtime.ready?.()).rejects.toThrow('Failed to fetch')
  expect(runtime.failed?.()).toBe(true)
  const ready = runtime.ready?.()
  expect(await runtime.loadRemote('mf_site/app')).toEqual({ id: 'module' })
  await ready
  expect(importHost).toHaveBeenCalledTimes(2)
  // Another remote failing later must not be taken for a runtime that cannot load.
  expect(runtime.failed?.()).toBe(false)
})

test('an init that throws is not kept: the next use initialises again', async () => {
  const host = fakeHost()
  host.createFederationHost.mockImplementationOnce(() => {
    throw new Error('init failed')
  })
  const runtime = lazyFederationRuntime(async () => host.module)
  await expect(runtime.loadRemote('mf_site/app')).rejects.toThrow('init failed')
  expect(runtime.failed?.()).toBe(false)
  expect(await runtime.loadRemote('mf_site/app')).toEqual({ id: 'module' })
  expect(host.createFederationHost).toHaveBeenCalledTimes(2)
})

test("the real host publishes its runtime-core for remotes and resolves React to the shell's copy", async () => {
  const federationGlobal = globalThis as { _FEDERATION_RUNTIME_CORE?: { ModuleFederation?: unknown } }
  // Published when the chunk evaluates: before any remote entry can ask for it.
  expect(federationGlobal._FEDERATION_RUNTIME_CORE?.ModuleFederation).toBe(ModuleFederation)
  FederationHost.createFederationHost(hostShared())
  const instance = getInstance()!
  expect(instance.options.name).toBe('shell')
  expect(instance.options.shareStrategy).toBe('loaded-first')
  for (const [name, module] of [
    ['react', React],
    ['react-dom/client', ReactDOMClient],
  ] as const) {
    const factory = await instance.loadShare(name, {
      customShareInfo: { shareConfig: { singleton: true, requiredVersion: '^19.0.0' } },
    })
    expect(factory && factory()).toBe(module)
  }
})

test('the route table names the module this file imports lazily, so the server can preload its chunk', () => {
  const shellFile = (path: string) => resolve(dirname(fileURLToPath(import.meta.url)), '../..', path)
  expect(existsSync(shellFile(SHELL_FEDERATION_MODULE))).toBe(true)
  const source = readFileSync(shellFile('src/remote/federation-runtime.ts'), 'utf8')
  const lazy = [...source.matchAll(/import\(['"](\.\/[^'"]+)['"]\)/g)].map((m) => m[1])
  expect(lazy.map((path) => `src/remote/${path.slice(2)}.ts`)).toEqual([SHELL_FEDERATION_MODULE])
})
