import { existsSync, mkdirSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { DEPLOY_DIR } from '../paths'
import type { HealthReport, RemoteOutcome } from 'shared/health/report'
import type { Evidence } from './evidence'

/**
 * The embedded store of health reports (ADR 0033): one SQLite file (node-sqlite3-wasm, SQLite compiled to
 * WebAssembly with file access, so nothing is built on install), kept across restarts. Each report is one row
 * (its checked JSON) plus a row per remote outcome, vital, error and failed call, which the summaries read.
 */
type Row = Record<string, string | number | null>
interface Database {
  exec(sql: string): void
  run(sql: string, values?: unknown[]): { changes: number; lastInsertRowid: number }
  all(sql: string, values?: unknown[]): Row[]
  get(sql: string, values?: unknown[]): Row | null
  readonly inTransaction: boolean
  close(): void
}
const { Database: SqliteDatabase } = createRequire(import.meta.url)('node-sqlite3-wasm') as {
  Database: new (file: string, options?: { readOnly?: boolean; fileMustExist?: boolean }) => Database
}

/**
 * Runs `work` again while the file is locked by another process (the library locks the whole file for any
 * access): a tool reading the store and the server writing it wait for each other a few milliseconds.
 */
export function whileBusy<T>(work: () => T, tries = 50): T {
  for (let attempt = 1; ; attempt++) {
    try {
      return work()
    } catch (error) {
      if (attempt >= tries || !/database is locked|SQLITE_BUSY/i.test(String(error))) throw error
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10)
    }
  }
}

/** The reports a store file holds, read without taking it from the server that writes it (tests, tools). */
export function readStoredReports(file: string): HealthReport[] {
  if (!existsSync(file)) return []
  const db = new SqliteDatabase(file, { readOnly: true, fileMustExist: true })
  try {
    return whileBusy(() => db.all('SELECT body FROM reports ORDER BY id')).map(
      (row) => JSON.parse(String(row.body)) as HealthReport,
    )
  } finally {
    db.close()
  }
}

/** The page loads a store file holds (outcomes with their evidence), read as `readStoredReports` reads. */
export function readStoredLoads(
  file: string,
): { loadId: string; client: string; remote: string; version: string; outcome: string }[] {
  if (!existsSync(file)) return []
  const db = new SqliteDatabase(file, { readOnly: true, fileMustExist: true })
  try {
    return whileBusy(() =>
      db.all(
        'SELECT load_id, client, remote, version, outcome FROM remote_outcomes WHERE load_id IS NOT NULL ORDER BY rowid',
      ),
    ).map((row) => ({
      loadId: String(row.load_id),
      client: String(row.client),
      remote: String(row.remote),
      version: String(row.version),
      outcome: String(row.outcome),
    }))
  } finally {
    db.close()
  }
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS reports (
  id INTEGER PRIMARY KEY, at INTEGER NOT NULL, route TEXT NOT NULL, phase TEXT NOT NULL, body TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS remote_outcomes (
  report INTEGER NOT NULL, at INTEGER NOT NULL, remote TEXT NOT NULL, version TEXT NOT NULL,
  outcome TEXT NOT NULL, from_version TEXT, reason TEXT, phases TEXT NOT NULL, load_id TEXT, client TEXT);
CREATE INDEX IF NOT EXISTS remote_outcomes_by_remote ON remote_outcomes (remote, at);
CREATE TABLE IF NOT EXISTS vitals (
  report INTEGER NOT NULL, at INTEGER NOT NULL, remote TEXT NOT NULL, version TEXT NOT NULL,
  name TEXT NOT NULL, value REAL NOT NULL);
CREATE INDEX IF NOT EXISTS vitals_by_remote ON vitals (remote, at);
CREATE TABLE IF NOT EXISTS errors (
  report INTEGER NOT NULL, at INTEGER NOT NULL, remote TEXT NOT NULL, version TEXT NOT NULL,
  kind TEXT NOT NULL, message TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS errors_by_remote ON errors (remote, at);
CREATE TABLE IF NOT EXISTS call_failures (
  report INTEGER NOT NULL, at INTEGER NOT NULL, path TEXT NOT NULL, kind TEXT NOT NULL, count INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS rejected (at INTEGER NOT NULL, reason TEXT NOT NULL);
`

/**
 * The store's file: `HEALTH_DB` when set, else one per server port under `deploy/.health/` (two servers on
 * one machine, such as the e2e suite's, never share a file).
 */
export function healthStoreFile(port: number, env: NodeJS.ProcessEnv = process.env): string {
  return env.HEALTH_DB?.trim() || join(DEPLOY_DIR, '.health', `health-${port}.db`)
}

/** The most reports one page load keeps (ADR 0040): its load, then vitals and errors while it is open. */
export const PAGE_LOAD_REPORTS = 4

/** Reports older than this are deleted (at open and then hourly). */
export const HEALTH_RETENTION_DAYS = 30

/** What ops read per remote version over a window (`pnpm remotes`, the ops page, the release watch). */
export interface VersionHealth {
  remote: string
  version: string
  /** Page loads that wanted this version on screen (every outcome). */
  loads: number
  mounted: number
  /** Loads where this version failed and `previous` was shown instead. */
  fallbacks: number
  /** Loads of this version that ended on the retry screen, a refused contract or a mount timeout. */
  failures: number
  errors: number
  lcpP75: number | null
  inpP75: number | null
}

/** One remote version's counts in one time bucket (`HealthStore.series`). */
export interface SeriesPoint {
  remote: string
  version: string
  /** The bucket's start, ms since the epoch. */
  t: number
  loads: number
  mounted: number
  fallbacks: number
  errors: number
}

/** A version no borrower has loaded yet: the counts every summary starts from. */
export function noLoads(remote: string, version: string): VersionHealth {
  return {
    remote,
    version,
    loads: 0,
    mounted: 0,
    fallbacks: 0,
    failures: 0,
    errors: 0,
    lcpP75: null,
    inpP75: null,
  }
}

export class HealthStore {
  private readonly db: Database
  private pruned = 0

  /**
   * The writer's store (the server): it creates the file, removes a lock left by a writer that died, and prunes.
   * `readOnly`: a reader beside a running server (`pnpm remotes`), which must leave its lock alone.
   */
  constructor(
    readonly file: string,
    private readonly now: () => number = Date.now,
    options: { readOnly?: boolean } = {},
  ) {
    if (options.readOnly) {
      this.db = new SqliteDatabase(file, { readOnly: true, fileMustExist: true })
      return
    }
    mkdirSync(dirname(file), { recursive: true })
    // The library locks with a `<file>.lock` folder; one left by a server that died would block every write.
    // This store has one writer, the server opening it.
    if (existsSync(`${file}.lock`)) rmSync(`${file}.lock`, { recursive: true, force: true })
    this.db = new SqliteDatabase(file)
    this.db.exec(SCHEMA)
    // A page load's outcome is kept once (ADR 0040); a file from before gets the columns.
    if (!this.db.all('PRAGMA table_info(remote_outcomes)').some((column) => column.name === 'load_id')) {
      this.db.exec(
        'ALTER TABLE remote_outcomes ADD COLUMN load_id TEXT; ALTER TABLE remote_outcomes ADD COLUMN client TEXT',
      )
    }
    if (!this.db.all('PRAGMA table_info(reports)').some((column) => column.name === 'load_id')) {
      this.db.exec('ALTER TABLE reports ADD COLUMN load_id TEXT')
    }
    this.db.exec(
      'CREATE UNIQUE INDEX IF NOT EXISTS remote_outcomes_by_load ON remote_outcomes (load_id); ' +
        'CREATE INDEX IF NOT EXISTS reports_by_load ON reports (load_id)',
    )
    this.prune()
  }

  /**
   * Stores one checked report; returns its id, or null when it was not kept. With `evidence` (the
   * collector's: ADR 0040) only the outcome of the route's remote is a load, recorded once per page load (a
   * UNIQUE load id: a later report of the same load adds none); its errors and vitals are kept only once
   * that load is counted, and a load keeps at most PAGE_LOAD_REPORTS reports. Without (tools and tests
   * seeding a store), every outcome as sent.
   */
  add(report: HealthReport, evidence?: Evidence): number | null {
    return whileBusy(() => this.insert(report, evidence))
  }

  private insert(report: HealthReport, evidence?: Evidence): number | null {
    const at = this.now()
    this.prune()
    this.db.exec('BEGIN IMMEDIATE')
    try {
      if (evidence) {
        const sent = this.db.get('SELECT COUNT(*) AS n FROM reports WHERE load_id = ?', [evidence.loadId])
        if (Number(sent?.n ?? 0) >= PAGE_LOAD_REPORTS) {
          this.db.exec('COMMIT')
          return null
        }
      }
      const { lastInsertRowid: id } = this.db.run(
        'INSERT INTO reports (at, route, phase, body, load_id) VALUES (?, ?, ?, ?, ?)',
        [at, report.route, report.phase, JSON.stringify(report), evidence?.loadId ?? null],
      )
      const loads = evidence ? report.remotes.filter((r) => r.remote === evidence.remote) : report.remotes
      for (const r of loads) {
        this.db.run(
          `INSERT OR IGNORE INTO remote_outcomes
             (report, at, remote, version, outcome, from_version, reason, phases, load_id, client)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [
            id,
            at,
            r.remote,
            r.version,
            r.outcome,
            r.from ?? null,
            r.reason ?? null,
            JSON.stringify(r.phases),
            evidence?.loadId ?? null,
            evidence?.client ?? null,
          ],
        )
      }
      // What a page says beside its load speaks only for a load that counted: no remote, or no report of its
      // remote's outcome yet (a token reused without one), and it is dropped.
      const counted =
        !evidence ||
        this.db.get('SELECT 1 AS yes FROM remote_outcomes WHERE load_id = ?', [evidence.loadId]) !== null
      for (const v of counted ? report.vitals : []) {
        this.db.run(
          'INSERT INTO vitals (report, at, remote, version, name, value) VALUES (?, ?, ?, ?, ?, ?)',
          [id, at, v.remote, v.version, v.name, v.value],
        )
      }
      for (const e of counted ? report.errors : []) {
        this.db.run(
          'INSERT INTO errors (report, at, remote, version, kind, message) VALUES (?, ?, ?, ?, ?, ?)',
          [id, at, e.remote, e.version, e.kind, e.message],
        )
      }
      for (const c of report.calls) {
        this.db.run('INSERT INTO call_failures (report, at, path, kind, count) VALUES (?, ?, ?, ?, ?)', [
          id,
          at,
          c.path,
          c.kind,
          c.count,
        ])
      }
      this.db.exec('COMMIT')
      return id
    } catch (error) {
      // No transaction to roll back when BEGIN itself found the file locked.
      if (this.db.inTransaction) this.db.exec('ROLLBACK')
      throw error
    }
  }

  /** Counts a report refused as malformed (its reason, never its body). */
  reject(reason: string): void {
    this.db.run('INSERT INTO rejected (at, reason) VALUES (?, ?)', [this.now(), reason.slice(0, 200)])
  }

  rejectedSince(since: number): number {
    return Number(this.db.get('SELECT COUNT(*) AS n FROM rejected WHERE at >= ?', [since])?.n ?? 0)
  }

  /** Every stored report, oldest first, as the page sent it (after the schema's check). */
  reports(since = 0): { id: number; at: number; report: HealthReport }[] {
    return this.db.all('SELECT id, at, body FROM reports WHERE at >= ? ORDER BY id', [since]).map((row) => ({
      id: Number(row.id),
      at: Number(row.at),
      report: JSON.parse(String(row.body)) as HealthReport,
    }))
  }

  /** Per remote version, what borrowers got since `since` (ms since the epoch). */
  versions(since: number): VersionHealth[] {
    return whileBusy(() => this.summarise(since))
  }

  private summarise(since: number): VersionHealth[] {
    const rows = this.db.all(
      `SELECT remote, version,
         COUNT(*) AS loads,
         SUM(outcome = 'mounted') AS mounted,
         SUM(outcome IN ('retry-screen', 'contract-refused', 'mount-timeout')) AS failures
       FROM remote_outcomes WHERE at >= ? AND outcome != 'fallback' GROUP BY remote, version`,
      [since],
    )
    // A fallback is a load of the version that failed (the one the borrower was sent), shown from another.
    const fallbacks = this.db.all(
      `SELECT remote, from_version AS version, COUNT(*) AS n FROM remote_outcomes
       WHERE at >= ? AND outcome = 'fallback' GROUP BY remote, from_version`,
      [since],
    )
    const errors = this.db.all(
      'SELECT remote, version, COUNT(*) AS n FROM errors WHERE at >= ? GROUP BY remote, version',
      [since],
    )
    const byKey = new Map<string, VersionHealth>()
    const entry = (remote: string, version: string) => {
      const key = `${remote}@${version}`
      let found = byKey.get(key)
      if (!found) {
        found = noLoads(remote, version)
        byKey.set(key, found)
      }
      return found
    }
    for (const row of rows) {
      const e = entry(String(row.remote), String(row.version))
      e.loads += Number(row.loads)
      e.mounted += Number(row.mounted)
      e.failures += Number(row.failures)
    }
    for (const row of fallbacks) {
      const e = entry(String(row.remote), String(row.version))
      e.loads += Number(row.n)
      e.fallbacks += Number(row.n)
    }
    for (const row of errors) entry(String(row.remote), String(row.version)).errors += Number(row.n)
    for (const e of byKey.values()) {
      e.lcpP75 = this.p75(e.remote, e.version, 'LCP', since)
      e.inpP75 = this.p75(e.remote, e.version, 'INP', since)
    }
    return [...byKey.values()].sort((a, b) => a.remote.localeCompare(b.remote) || b.loads - a.loads)
  }

  /**
   * Per remote version and time bucket since `since`: page loads, mounts, fallbacks and errors, for the ops
   * page's charts. Buckets are `bucketMs` wide, named by their start.
   */
  series(since: number, bucketMs: number): SeriesPoint[] {
    return whileBusy(() => {
      const points = new Map<string, SeriesPoint>()
      const point = (remote: string, version: string, at: number) => {
        const t = Math.floor(at / bucketMs) * bucketMs
        const key = `${remote}@${version}@${t}`
        let found = points.get(key)
        if (!found) {
          found = { remote, version, t, loads: 0, mounted: 0, fallbacks: 0, errors: 0 }
          points.set(key, found)
        }
        return found
      }
      for (const row of this.db.all(
        'SELECT remote, version, from_version, outcome, at FROM remote_outcomes WHERE at >= ?',
        [since],
      )) {
        const fellBack = row.outcome === 'fallback'
        // A fallback counts against the version that failed, as in `versions`.
        const p = point(String(row.remote), String(fellBack ? row.from_version : row.version), Number(row.at))
        p.loads += 1
        if (row.outcome === 'mounted') p.mounted += 1
        if (fellBack) p.fallbacks += 1
      }
      for (const row of this.db.all('SELECT remote, version, at FROM errors WHERE at >= ?', [since])) {
        point(String(row.remote), String(row.version), Number(row.at)).errors += 1
      }
      return [...points.values()].sort((a, b) => a.t - b.t)
    })
  }

  /**
   * The first `limit` page loads in [`since`, `until`) that were sent to `version` (those that fell back from
   * it included), oldest first, each client's first only (its page-load token's client key; a load stored
   * without evidence is a client of its own): what the release watch judges a new version on, and the
   * previous version's baseline.
   */
  firstLoads(
    remote: string,
    version: string,
    since: number,
    limit: number,
    until = Number.MAX_SAFE_INTEGER,
  ): {
    report: number
    at: number
    client: string
    outcome: RemoteOutcome
    reason: string | null
    from: string | null
  }[] {
    return whileBusy(() =>
      this.db
        .all(
          `SELECT report, at, client, outcome, reason, from_version FROM remote_outcomes
           WHERE rowid IN (
             SELECT MIN(rowid) FROM remote_outcomes WHERE remote = ? AND at >= ? AND at < ?
               AND ((outcome != 'fallback' AND version = ?) OR (outcome = 'fallback' AND from_version = ?))
             GROUP BY COALESCE(client, 'report-' || report))
           ORDER BY at, rowid LIMIT ?`,
          [remote, since, until, version, version, Number.isFinite(limit) ? limit : -1],
        )
        .map((row) => ({
          report: Number(row.report),
          at: Number(row.at),
          client: row.client == null ? `report-${String(row.report)}` : String(row.client),
          // Only reports that passed the schema's check are stored.
          outcome: String(row.outcome) as RemoteOutcome,
          reason: row.reason == null ? null : String(row.reason),
          from: row.from_version == null ? null : String(row.from_version),
        })),
    )
  }

  /** The 75th percentile of a vital (nearest rank), or null without samples. */
  private p75(remote: string, version: string, name: string, since: number): number | null {
    const values = this.db
      .all(
        'SELECT value FROM vitals WHERE remote = ? AND version = ? AND name = ? AND at >= ? ORDER BY value',
        [remote, version, name, since],
      )
      .map((row) => Number(row.value))
    if (!values.length) return null
    return values[Math.min(values.length - 1, Math.ceil(values.length * 0.75) - 1)]
  }

  close(): void {
    this.db.close()
  }

  private prune(): void {
    const now = this.now()
    if (now - this.pruned < 3_600_000) return
    this.pruned = now
    const before = now - HEALTH_RETENTION_DAYS * 86_400_000
    for (const table of ['reports', 'remote_outcomes', 'vitals', 'errors', 'call_failures', 'rejected']) {
      this.db.run(`DELETE FROM ${table} WHERE at < ?`, [before])
    }
  }
}
