import fc from 'fast-check'

/** The malformed answers the fuzz suite sends (`fuzz.tsx`): hostile texts, any JSON, spoiled envelopes. */

/** The full size: at least 50 malformed payloads per call (`pnpm test:full`, in `pnpm test:release`). */
export const FUZZ_RUNS_FULL = 50

/**
 * The gate's size (`pnpm test`, ADR 0050): the first 10 of each call's same seeded sequence, so a gate failure
 * replays in the full run; `FUZZ_RUNS=<n>` asks for another size.
 */
export const FUZZ_RUNS_GATE = 10

export const FUZZ_RUNS = fuzzRuns(process.env.FUZZ_RUNS)

export function fuzzRuns(asked: string | undefined): number {
  if (asked === undefined || asked === '') return FUZZ_RUNS_GATE
  const runs = Number(asked)
  if (!Number.isInteger(runs) || runs < 1) {
    throw new Error(`FUZZ_RUNS must be a whole number of runs per call (1 or more), not "${asked}"`)
  }
  return runs
}

/** Fixed so a failure replays; `FUZZ_SEED=<n>` explores another sequence. fast-check prints it on failure. */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 17_2026)

export const KEEP = 'keep-as-sent'
export const DELETE = 'delete-field'
export const FOREIGN_HOST = 'evil.example'

/** Text that would run script or leave the app if a screen put it into markup or followed it as a link. */
export const HOSTILE_TEXTS = [
  '<script>alert("fuzz")</script>',
  '<img src=x onerror="alert(\'fuzz\')">',
  '"><img src=x onerror=alert(1)>',
  '<svg onload=alert(1)></svg>',
  '<a href="javascript:alert(1)">tap</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  'javascript:alert(1)',
  ' JaVaScRiPt:alert(document.cookie)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  `https://${FOREIGN_HOST}/phish`,
  `//${FOREIGN_HOST}/x`,
  `http://${FOREIGN_HOST}`,
  '{{constructor.constructor("alert(1)")()}}',
  '\u202e\u0000\u200b',
  '',
  '   ',
  'NaN',
  '-1',
  '1e309',
  'null',
  '__proto__',
] as const

const hugeText = fc.constantFrom(
  'x'.repeat(100_000),
  'Lorem ipsum '.repeat(10_000),
  '\u{1d54f}'.repeat(20_000),
  `<b>${'9'.repeat(50_000)}</b>`,
)

/** A hostile string: one of the known attacks, a huge one, or any string. */
const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_TEXTS) },
  { weight: 1, arbitrary: hugeText },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
)

/** A value of any JSON type, hostile where it is text. */
export const garbage: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileText },
  {
    weight: 3,
    arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1),
  },
  { weight: 1, arbitrary: fc.integer() },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>([], {}, [null], [{}], { length: 3 }, [['<script>alert(1)</script>']]),
  },
  { weight: 1, arbitrary: fc.array(hostileText, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), hostileText, { maxKeys: 3 }) },
)

/** Where the answer's data goes wrong. */
export type DataPlan =
  /** The data is replaced whole. */
  | { kind: 'replace'; value: unknown }
  /** Some places of the demo data (picked by index over all its places) get a wrong value or go missing. */
  | { kind: 'edit'; edits: { at: number; value: unknown }[] }
  /** Every text of the demo data becomes this one (the structure stays valid, so the screen renders it). */
  | { kind: 'texts'; value: string }
  /** Every text of the demo data gets markup and a link around it, so it still reads as what it was. */
  | { kind: 'wrap-texts'; before: string; after: string }

/** One malformed answer: what the test's server sends instead of the demo answer. */
export type AnswerPlan =
  | { kind: 'envelope'; code: unknown; message: unknown; data: DataPlan }
  | { kind: 'http-status'; status: number; body: unknown }
  | { kind: 'not-json'; body: string }

const dataPlan: fc.Arbitrary<DataPlan> = fc.oneof(
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('replace' as const), value: garbage }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      edits: fc.array(fc.record({ at: fc.nat(), value: fc.oneof(garbage, fc.constant<unknown>(DELETE)) }), {
        minLength: 1,
        maxLength: 6,
      }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('texts' as const), value: hostileText }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('wrap-texts' as const),
      before: fc.constantFrom('<img src=x onerror=alert(1)>', '<script>alert(1)</script>', 'javascript:'),
      after: fc.constantFrom('<b onclick=alert(1)>', `"><a href="https://${FOREIGN_HOST}">`, ''),
    }),
  },
)

/** The arbitrary of malformed answers every call is fuzzed with. */
export const answerPlan: fc.Arbitrary<AnswerPlan> = fc.oneof(
  {
    // The call's own success code mostly, so the data reaches the screen's parser and render.
    weight: 7,
    arbitrary: fc.record({
      kind: fc.constant('envelope' as const),
      code: fc.constant<unknown>(KEEP),
      message: fc.oneof(fc.constant<unknown>(KEEP), garbage),
      data: dataPlan,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('envelope' as const),
      code: fc.oneof(
        fc.constantFrom<unknown>('01', '500', '9999', '-1', 'abc', '', null, 7, -1, 1.5, true, {}, []),
        fc.constant<unknown>(DELETE),
      ),
      message: fc.oneof(fc.constant<unknown>(KEEP), garbage),
      data: dataPlan,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('http-status' as const),
      status: fc.constantFrom(204, 301, 400, 401, 403, 404, 418, 429, 500, 502, 503, 599),
      body: garbage,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('not-json' as const),
      body: fc.oneof(
        hostileText,
        fc.constantFrom('<!doctype html><script>alert(1)</script>', '{"code":"00","data":', 'undefined'),
      ),
    }),
  },
)
