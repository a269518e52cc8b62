import { expect, test } from 'vitest'
import { baselineRate, DEFAULT_JUDGE, judge, type CountedLoad } from './judge'

let clock = 0
const load = (client: string, outcome: CountedLoad['outcome'], reason?: string): CountedLoad => ({
  at: ++clock,
  client,
  outcome,
  reason,
})
const ok = (client: string) => load(client, 'mounted')
const crash = (client: string) => load(client, 'retry-screen', 'crashed: broken release: throws at mount')
const offline = (client: string) => load(client, 'retry-screen', 'manifest: Failed to fetch')
const NO_BASELINE = { loads: 0, network: 0 }

/** `count` loads from clients c0, c1, …, each `make(client, i)`. */
const clients = (count: number, make: (client: string, i: number) => CountedLoad, from = 0) =>
  Array.from({ length: count }, (_, i) => make(`c${from + i}`, from + i))

test('code failures: three in six loads cross the upper bound (each adds ln 10, each mount ln 0.9/0.99)', () => {
  const loads = clients(6, (c, i) => (i % 2 ? crash(c) : ok(c)))
  expect(judge(loads.slice(0, 5), NO_BASELINE)).toMatchObject({ status: 'waiting', loads: 5 })
  expect(judge(loads, NO_BASELINE)).toEqual({
    status: 'failing',
    loads: 6,
    reason:
      'code failures 3 of 6 loads (50.0%) from 6 clients, above 1.0% (SPRT α 0.5%, β 0.5%); ' +
      'network 0 of 6 (0.0%) vs previous 3.0% by default (0 loads, fewer than 100)',
  })
})

test('one client sending many failing loads counts once: only its first load', () => {
  const attacker = Array.from({ length: 50 }, () => crash('attacker'))
  const borrowers = clients(250, ok)
  const verdict = judge([ok('attacker'), ...attacker, ...borrowers], NO_BASELINE)
  expect(verdict).toMatchObject({ status: 'healthy', loads: 200 })
  expect(verdict.reason).toMatch(/^healthy after 200 loads from 200 clients: code failures 0 of 200/)
  // Its first load is the one that counts, failing or not.
  const later = Array.from({ length: 5 }, () => ok('attacker'))
  const first = judge([crash('attacker'), ...later, ...clients(2, crash)], NO_BASELINE)
  expect(first).toMatchObject({ status: 'failing', loads: 3 })
})

test('healthy only after maxLoads loads with neither test rejecting: no early acceptance', () => {
  // With network failures at the previous version's rate, 199 loads are still waiting, 200 are healthy.
  const loads = clients(200, (c, i) => (i % 30 === 29 ? offline(c) : ok(c)))
  expect(judge(loads.slice(0, 199), { loads: 1000, network: 30 })).toMatchObject({
    status: 'waiting',
    loads: 199,
  })
  const verdict = judge(loads, { loads: 1000, network: 30 })
  expect(verdict).toMatchObject({ status: 'healthy', loads: 200 })
  expect(verdict.reason).toBe(
    'healthy after 200 loads from 200 clients: code failures 0 of 200 loads (0.0%), vs 1.0%; ' +
      'network failures 6 of 200 (3.0%), vs 5.0% (previous 3.0% of 1000 loads + 2.0%) (SPRT α 0.5%, β 0.5%)',
  )
})

test('the first loads never vouch for a version: 56 clients mounting, then borrowers failing, is rolled back', () => {
  // Wald's lower bound accepted the code test's H0 after 56 mounts and the watch stopped: whoever supplied
  // the first 56 loads kept a broken version live.
  const verdict = judge([...clients(56, ok), ...clients(20, crash, 56)], NO_BASELINE)
  expect(verdict).toMatchObject({ status: 'failing', loads: 61 })
  expect(verdict.reason).toMatch(/^code failures 5 of 61 loads/)
})

test('network failures: against the previous rate plus 2% (H0) and 12% (H1)', () => {
  const loads = clients(200, (c, i) => (i % 4 === 3 ? offline(c) : ok(c)))
  const verdict = judge(loads, { loads: 500, network: 15 })
  expect(verdict.status).toBe('failing')
  expect(verdict.reason).toMatch(
    /^network failures \d+ of \d+ loads \(2\d\.\d%\) from \d+ clients, above 5\.0% \(previous 3\.0% of 500 loads \+ 2\.0%\) \(SPRT α 0\.5%, β 0\.5%\); code 0 of \d+ \(0\.0%\)$/,
  )
  // The same loads from a version whose previous one lost a quarter of its loads to the network: no sign.
  expect(judge(loads, { loads: 500, network: 125 }).status).not.toBe('failing')
})

test('the previous version’s rate: its own from 100 loads, else the default; never under the floor', () => {
  expect(baselineRate({ loads: 99, network: 50 }, DEFAULT_JUDGE)).toEqual({
    rate: 0.03,
    says: 'previous 3.0% by default (99 loads, fewer than 100)',
  })
  expect(baselineRate({ loads: 400, network: 20 }, DEFAULT_JUDGE)).toEqual({
    rate: 0.05,
    says: 'previous 5.0% of 400 loads',
  })
  expect(baselineRate({ loads: 400, network: 1 }, DEFAULT_JUDGE)).toEqual({
    rate: 0.01,
    says: 'previous 0.3% of 400 loads, taken as 1.0%',
  })
  // A previous version failing nearly always leaves H1 a rate below 1.
  expect(baselineRate({ loads: 400, network: 399 }, DEFAULT_JUDGE).rate).toBeCloseTo(0.87)
})

test('a shorter maxLoads judges healthy sooner, and says after how many', () => {
  // 4% network failures against 3%: between H0 (5%) and H1; neither test rejects within 60 loads.
  const loads = clients(400, (c, i) => (i % 25 === 24 ? offline(c) : ok(c)))
  const verdict = judge(loads, NO_BASELINE, { ...DEFAULT_JUDGE, maxLoads: 60 })
  expect(verdict).toMatchObject({ status: 'healthy', loads: 60 })
  expect(verdict.reason).toMatch(
    /^healthy after 60 loads from 60 clients: code failures 0 of 60 loads \(0\.0%\), vs 1\.0%; network failures 2 of 60 \(3\.3%\), vs 5\.0%/,
  )
})

test('a fallback from the new version is its load with the class of why it failed; not-released is none', () => {
  const fallback = (client: string): CountedLoad => ({
    ...load(client, 'fallback', 'contract: incompatible contract 9'),
    from: '2.0.0',
  })
  const notReleased = (client: string) => load(client, 'not-released', 'registry: not in the registry')
  expect(judge([...clients(3, fallback), ...clients(10, notReleased, 3)], NO_BASELINE)).toMatchObject({
    status: 'failing',
    loads: 3,
  })
  expect(judge(clients(10, notReleased), NO_BASELINE)).toMatchObject({ status: 'waiting', loads: 0 })
})

test('stricter settings decide sooner, and say so', () => {
  const loads = clients(10, (c, i) => (i === 1 ? crash(c) : ok(c)))
  const settings = { ...DEFAULT_JUDGE, alpha: 0.05, beta: 0.05, codeH0: 0.01, codeH1: 0.5 }
  const verdict = judge(loads, NO_BASELINE, settings)
  expect(verdict.status).toBe('failing')
  expect(verdict.reason).toContain('(SPRT α 5.0%, β 5.0%)')
})
