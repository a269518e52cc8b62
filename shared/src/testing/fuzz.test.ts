import fc from 'fast-check'
import { HttpResponse } from 'msw'
import { expect, test } from 'vitest'
import { answerPlan, HOSTILE_TEXTS, injectedMarkup, spoil, spoilAnswer } from './fuzz'
import { FUZZ_RUNS_FULL, FUZZ_RUNS_GATE, fuzzRuns } from './fuzz-arbitraries'

function page(html: string): HTMLElement {
  const root = document.createElement('div')
  root.innerHTML = html
  return root
}

test('injected markup is found: scripts, frames, event handlers, javascript: and foreign links', () => {
  expect(injectedMarkup(page('<script>alert(1)</script>'))).toEqual(['<script>'])
  expect(injectedMarkup(page('<img src=x onerror="alert(1)">'))).toEqual(['<img onerror>'])
  expect(injectedMarkup(page('<iframe src="about:blank"></iframe>'))).toEqual(['<iframe>'])
  expect(injectedMarkup(page('<a href=" JaVa\tScRiPt:alert(1)">x</a>'))).toHaveLength(1)
  expect(injectedMarkup(page('<a href="https://evil.example/phish">x</a>'))).toHaveLength(1)
  expect(injectedMarkup(page('<form action="data:text/html,x"></form>'))).toHaveLength(1)
})

test('what the app itself renders from server text is no injection: text, in-app links, images', () => {
  const root = document.createElement('div')
  root.textContent = HOSTILE_TEXTS.join(' ')
  root.append(page('<a href="/repay?orderId=1">Repay</a><img src="javascript:alert(1)" alt="">'))
  expect(injectedMarkup(root)).toEqual([])
})

test('spoiling edits the demo data at the picked places and leaves the demo data alone', () => {
  const demo = { title: 'Loan', items: [{ name: 'a' }, { name: 'b' }] }
  expect(spoil(demo, { kind: 'edit', edits: [{ at: 0, value: null }] })).toEqual({ ...demo, title: null })
  expect(spoil(demo, { kind: 'texts', value: '<b>' })).toEqual({
    title: '<b>',
    items: [{ name: '<b>' }, { name: '<b>' }],
  })
  expect(spoil(demo, { kind: 'replace', value: 7 })).toBe(7)
  expect(demo.items[1].name).toBe('b')
})

test('every plan gives an answer the request helper can receive', async () => {
  await fc.assert(
    fc.asyncProperty(answerPlan, async (plan) => {
      const answer = await spoilAnswer(
        HttpResponse.json({ code: '00', message: 'ok', data: { a: 'x' } }),
        plan,
      )
      expect(answer).toBeInstanceOf(Response)
    }),
    { numRuns: 100, seed: 17 },
  )
})

test('the gate runs the first 10 answers of each call, FUZZ_RUNS=50 the full size, nonsense is refused', () => {
  expect(fuzzRuns(undefined)).toBe(FUZZ_RUNS_GATE)
  expect(fuzzRuns('')).toBe(10)
  expect(fuzzRuns(String(FUZZ_RUNS_FULL))).toBe(50)
  for (const asked of ['0', '-3', '2.5', 'many']) {
    expect(() => fuzzRuns(asked), asked).toThrow(
      `FUZZ_RUNS must be a whole number of runs per call (1 or more), not "${asked}"`,
    )
  }
})
