package main

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // database/sql driver "pgx"
	_ "modernc.org/sqlite"             // database/sql driver "sqlite"

	"github.com/fencecheck/fencecheck/runtime/fence"
	"github.com/fencecheck/fencecheck/runtime/fencesql"
)

const defaultPostgresDSN = "postgres://postgres:postgres@127.0.0.1:5432/postgres?sslmode=disable"

type config struct {
	driver, dsn    string
	workers, jobs  int
	lease          time.Duration
	seed           uint64
	dialect        fencesql.Dialect
	leaseType      string
	leaseValue     func(time.Time) any
	placeholderFmt string // fmt verb for the n-th placeholder
}

type mode string

const (
	plain  mode = "plain"
	fenced mode = "fenced"
)

// result is what one run observed.
type result struct {
	mode mode
	jobs int
	// writes is how many result writes workers made, accepted how many the
	// database took, rejected how many it refused with fence.ErrStale.
	writes, accepted, rejected int
	// stale counts accepted writes made with a token older than a claim
	// issued before the write started: a stalled worker overwrote a newer
	// holder's work.
	stale int
	// lost counts jobs whose stored result is not the newest claim's.
	lost int
	took time.Duration
}

func (r result) String() string {
	how := "plain writes  (UPDATE … WHERE id = $1)                         "
	if r.mode == fenced {
		how = "fencesql.Table.Update (UPDATE … WHERE id = $n AND fence_token <= $tok)"
	}
	return fmt.Sprintf("%s: %d writes, %d accepted, %d rejected as stale; stale writes accepted: %d; results lost: %d (%v)",
		how, r.writes, r.accepted, r.rejected, r.stale, r.lost, r.took.Round(time.Millisecond))
}

// open connects to the database that cfg names and fills in its dialect.
func open(ctx context.Context, cfg *config) (*sql.DB, func(), error) {
	cleanup := func() {}
	var driver string
	switch cfg.driver {
	case "sqlite":
		driver = "sqlite"
		cfg.dialect, cfg.leaseType, cfg.leaseValue, cfg.placeholderFmt = fencesql.SQLite, "INTEGER", fencesql.UnixMillis, "?%d"
		if cfg.dsn == "" {
			dir, err := os.MkdirTemp("", "jobqueue")
			if err != nil {
				return nil, nil, err
			}
			cleanup = func() { _ = os.RemoveAll(dir) }
			cfg.dsn = "file:" + filepath.Join(dir, "jobs.db") + "?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)"
		}
	case "postgres":
		driver = "pgx"
		cfg.dialect, cfg.leaseType, cfg.placeholderFmt = fencesql.Postgres, "TIMESTAMPTZ", "$%d"
		if cfg.dsn == "" {
			cfg.dsn = os.Getenv("FENCECHECK_POSTGRES_DSN")
		}
		if cfg.dsn == "" {
			cfg.dsn = defaultPostgresDSN
		}
	default:
		return nil, nil, fmt.Errorf("unknown -db %q: want sqlite or postgres", cfg.driver)
	}
	if cfg.workers < 2 || cfg.jobs < cfg.workers {
		return nil, nil, errors.New("need at least 2 workers and at least as many jobs as workers")
	}
	db, err := sql.Open(driver, cfg.dsn)
	if err != nil {
		cleanup()
		return nil, nil, err
	}
	if cfg.driver == "sqlite" {
		db.SetMaxOpenConns(1)
	}
	pctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := db.PingContext(pctx); err != nil {
		_ = db.Close()
		cleanup()
		return nil, nil, fmt.Errorf("connect to %s: %w", cfg.driver, err)
	}
	return db, func() { _ = db.Close(); cleanup() }, nil
}

func (cfg config) ph(n int) string { return fmt.Sprintf(cfg.placeholderFmt, n) }

// run creates a fresh jobs table, runs the workers until every job is done,
// and counts the stale writes.
func run(ctx context.Context, db *sql.DB, cfg config, m mode) (result, error) {
	start := time.Now()
	table := fmt.Sprintf("jobqueue_%s_%08x", m, rand.Uint32())
	tbl := fencesql.Table{Dialect: cfg.dialect, Name: table, LeaseValue: cfg.leaseValue}
	qt, err := cfg.dialect.QuoteIdent(table)
	if err != nil {
		return result{}, err
	}
	if _, err := db.ExecContext(ctx, "CREATE TABLE "+qt+` (
		id TEXT PRIMARY KEY,
		state TEXT NOT NULL DEFAULT 'queued',
		result TEXT,
		result_token BIGINT,
		lease_until `+cfg.leaseType+`,
		fence_token BIGINT NOT NULL DEFAULT 0)`); err != nil {
		return result{}, fmt.Errorf("create %s: %w", table, err)
	}
	defer func() { _, _ = db.ExecContext(context.Background(), "DROP TABLE "+qt) }()
	for j := range cfg.jobs {
		if _, err := db.ExecContext(ctx, "INSERT INTO "+qt+" (id) VALUES ("+cfg.ph(1)+")", fmt.Sprintf("job-%02d", j)); err != nil {
			return result{}, err
		}
	}

	q := &queue{db: db, cfg: cfg, mode: m, tbl: tbl, qt: qt, issued: make(map[string]fence.Token), written: make(map[string]fence.Token)}
	q.firstClaims.Add(cfg.workers - 1)
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	var (
		wg   sync.WaitGroup
		errs = make([]error, cfg.workers)
	)
	for w := range cfg.workers {
		wg.Go(func() { errs[w] = q.work(ctx, w, rand.New(rand.NewPCG(cfg.seed, uint64(w)))) })
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return result{}, err
	}
	r := q.res
	r.mode, r.jobs = m, cfg.jobs
	// A job's result is lost when what the table holds is not the result of
	// the job's newest claim.
	if err := db.QueryRowContext(ctx, "SELECT COUNT(*) FROM "+qt+" WHERE result_token IS NULL OR result_token <> fence_token").Scan(&r.lost); err != nil {
		return result{}, err
	}
	r.took = time.Since(start)
	return r, nil
}

type queue struct {
	db   *sql.DB
	cfg  config
	mode mode
	tbl  fencesql.Table
	qt   string

	mu      sync.Mutex
	issued  map[string]fence.Token // newest token issued per job, seen by the workers
	written map[string]fence.Token // newest token that has made its write attempt, per job
	res     result

	// firstClaims holds worker 0 back until every other worker holds its
	// first claim, so that every run has stalled holders.
	firstClaims sync.WaitGroup
}

// leaseNow is the current time as the lease column stores it.
func (q *queue) leaseNow() any {
	if q.cfg.leaseValue != nil {
		return q.cfg.leaseValue(time.Now())
	}
	return time.Now().UTC()
}

// next returns a job that is not done and whose lease is free or expired,
// or "" and whether every job is done.
func (q *queue) next(ctx context.Context, rng *rand.Rand) (id string, allDone bool, err error) {
	rows, err := q.db.QueryContext(ctx, "SELECT id FROM "+q.qt+" WHERE state <> 'done' AND (lease_until IS NULL OR lease_until <= "+q.cfg.ph(1)+") ORDER BY id LIMIT 4",
		q.leaseNow())
	if err != nil {
		return "", false, err
	}
	var ids []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			_ = rows.Close()
			return "", false, err
		}
		ids = append(ids, s)
	}
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return "", false, err
	}
	if len(ids) > 0 {
		return ids[rng.IntN(len(ids))], false, nil
	}
	var open int
	if err := q.db.QueryRowContext(ctx, "SELECT COUNT(*) FROM "+q.qt+" WHERE state <> 'done'").Scan(&open); err != nil {
		return "", false, err
	}
	return "", open == 0, nil
}

// work is one worker: claim a job, work on it (sometimes stalling past the
// lease), write the result.
func (q *queue) work(ctx context.Context, w int, rng *rand.Rand) error {
	var once sync.Once
	claimed := func() {
		if w != 0 {
			once.Do(q.firstClaims.Done)
		}
	}
	defer claimed()
	if w == 0 {
		q.firstClaims.Wait()
	}
	for {
		id, done, err := q.next(ctx, rng)
		if err != nil {
			return fmt.Errorf("worker %d: next job: %w", w, err)
		}
		if done {
			return nil
		}
		if id == "" {
			time.Sleep(time.Millisecond)
			continue
		}
		claim, err := q.tbl.Claim(ctx, q.db, id, q.cfg.lease)
		if errors.Is(err, fencesql.ErrUnavailable) {
			continue // another worker was quicker
		}
		if err != nil {
			return fmt.Errorf("worker %d: %w", w, err)
		}
		q.mu.Lock()
		q.issued[id] = max(q.issued[id], claim.Token)
		q.mu.Unlock()
		claimed()

		// A job's first claim stalls unless worker 0 holds it: the lease
		// expires, worker 0 (which never stalls) claims the job again with
		// a newer token and writes, and only then does the stalled worker
		// wake up: a pause as long as that is what a GC stop or a suspended
		// VM can do.
		if w != 0 && claim.Token == 1 {
			q.stall(ctx, id, claim.Token)
		} else {
			time.Sleep(q.cfg.lease/20 + time.Duration(rng.Int64N(int64(q.cfg.lease/20)+1)))
		}

		q.mu.Lock()
		newest := q.issued[id]
		q.mu.Unlock()
		out := fmt.Sprintf("%s done by worker %d with token %d", id, w, claim.Token)
		accepted, err := q.write(ctx, id, claim.Token, out)
		if err != nil {
			return fmt.Errorf("worker %d: write %s: %w", w, id, err)
		}
		q.mu.Lock()
		q.written[id] = max(q.written[id], claim.Token)
		q.res.writes++
		if accepted {
			q.res.accepted++
			if newest > claim.Token {
				q.res.stale++
			}
		} else {
			q.res.rejected++
		}
		q.mu.Unlock()
		if accepted {
			// Free the lease early; ErrStale here means a newer claim took
			// the job, which the plain run does not notice.
			if err := q.tbl.Release(ctx, q.db, id, claim.Token); err != nil && !errors.Is(err, fence.ErrStale) {
				return fmt.Errorf("worker %d: %w", w, err)
			}
		}
	}
}

// stall pauses the holder of tok for at least three leases and until a
// newer holder of the job has written (at most a minute).
func (q *queue) stall(ctx context.Context, id string, tok fence.Token) {
	time.Sleep(3 * q.cfg.lease)
	for ctx.Err() == nil {
		q.mu.Lock()
		newer := q.written[id] > tok
		q.mu.Unlock()
		if newer {
			return
		}
		time.Sleep(time.Millisecond)
	}
}

// write stores a job's result and reports whether the database accepted it.
func (q *queue) write(ctx context.Context, id string, tok fence.Token, out string) (bool, error) {
	if q.mode == plain {
		// Last writer wins: a stalled worker's late result overwrites the
		// newer holder's. fencecheck reports this write; the directive
		// keeps the demonstration quiet.
		//fencecheck:ignore unfenced the plain run demonstrates the stale write this rule reports
		_, err := q.db.ExecContext(ctx, "UPDATE "+q.qt+" SET state = 'done', result = "+q.cfg.ph(2)+", result_token = "+q.cfg.ph(3)+" WHERE id = "+q.cfg.ph(1),
			id, out, int64(tok))
		return err == nil, err
	}
	err := q.tbl.Update(ctx, q.db, id, tok,
		fencesql.Set("state", "done"), fencesql.Set("result", out), fencesql.Set("result_token", int64(tok)))
	if errors.Is(err, fence.ErrStale) {
		return false, nil // lost the claim: stop working on this job
	}
	return err == nil, err
}
