// The worker thread starts here: Node runs no TypeScript by itself, and a worker does not inherit the
// loader the server (tsx) or the tests (vitest) run the main thread's TypeScript with.
import { tsImport } from 'tsx/esm/api'

await tsImport('./health-worker.ts', import.meta.url)
