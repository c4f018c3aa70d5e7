package fencesql_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"sync"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"
	_ "modernc.org/sqlite"

	"github.com/fencecheck/fencecheck/runtime/fence"
	"github.com/fencecheck/fencecheck/runtime/fencesql"
	"github.com/fencecheck/fencecheck/runtime/fencetest"
	"github.com/fencecheck/fencecheck/runtime/internal/servers"
)

// backend is a real database the tests run against.
type backend struct {
	name    string
	dialect fencesql.Dialect
	// open returns a database for the test, and the DDL types of the lease
	// column and the lease value converter.
	open       func(t *testing.T) *sql.DB
	leaseType  string
	leaseValue func(time.Time) any
}

var backends = []backend{
	{name: "sqlite", dialect: fencesql.SQLite, open: openSQLite, leaseType: "INTEGER", leaseValue: fencesql.UnixMillis},
	{name: "postgres", dialect: fencesql.Postgres, open: openPostgres, leaseType: "TIMESTAMPTZ"},
}

func openSQLite(t *testing.T) *sql.DB {
	t.Helper()
	dsn := "file:" + filepath.Join(t.TempDir(), "fence.db") + "?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	t.Cleanup(func() { _ = db.Close() })
	return db
}

var (
	pgOnce sync.Once
	pgErr  error
)

func openPostgres(t *testing.T) *sql.DB {
	t.Helper()
	db, err := sql.Open("pgx", servers.PostgresDSN())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	pgOnce.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		pgErr = db.PingContext(ctx)
	})
	if pgErr != nil {
		servers.Unavailable(t, "PostgreSQL at FENCECHECK_POSTGRES_DSN (default "+servers.DefaultPostgresDSN+")", pgErr)
	}
	return db
}

// newTable creates a fresh table for the test and drops it afterwards.
func newTable(t *testing.T, b backend, db *sql.DB) fencesql.Table {
	t.Helper()
	name := fmt.Sprintf("fence_%s_%08x", b.name, rand.Uint32())
	tb := fencesql.Table{Dialect: b.dialect, Name: name, LeaseValue: b.leaseValue}
	q, err := b.dialect.QuoteIdent(name)
	if err != nil {
		t.Fatal(err)
	}
	ddl := "CREATE TABLE " + q + " (id TEXT PRIMARY KEY, value TEXT, lease_until " + b.leaseType + ", fence_token BIGINT NOT NULL DEFAULT 0)"
	if _, err := db.ExecContext(t.Context(), ddl); err != nil {
		t.Fatalf("%s: %v", ddl, err)
	}
	t.Cleanup(func() { _, _ = db.ExecContext(context.Background(), "DROP TABLE "+q) })
	return tb
}

func insertRow(ctx context.Context, b backend, db *sql.DB, tb fencesql.Table, id string) error {
	q, _ := b.dialect.QuoteIdent(tb.Name)
	ph := "?1"
	if b.dialect == fencesql.Postgres {
		ph = "$1"
	}
	// A plain insert of a new row appends; it overwrites nothing.
	_, err := db.ExecContext(ctx, "INSERT INTO "+q+" (id) VALUES ("+ph+") ON CONFLICT (id) DO NOTHING", id)
	return err
}

func readValue(ctx context.Context, b backend, db *sql.DB, tb fencesql.Table, id string) (string, error) {
	q, _ := b.dialect.QuoteIdent(tb.Name)
	ph := "?1"
	if b.dialect == fencesql.Postgres {
		ph = "$1"
	}
	var v sql.NullString
	err := db.QueryRowContext(ctx, "SELECT value FROM "+q+" WHERE id = "+ph, id).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return v.String, err
}

// updateSink writes through Table.Update (rows are created empty first).
type updateSink struct {
	b  backend
	db *sql.DB
	tb fencesql.Table
}

func (s *updateSink) Write(ctx context.Context, res string, tok fence.Token, value string) error {
	if err := insertRow(ctx, s.b, s.db, s.tb, res); err != nil {
		return err
	}
	return s.tb.Update(ctx, s.db, res, tok, fencesql.Set("value", value))
}

func (s *updateSink) Read(ctx context.Context, res string) (string, error) {
	return readValue(ctx, s.b, s.db, s.tb, res)
}

// upsertSink writes through Table.Upsert.
type upsertSink struct{ updateSink }

func (s *upsertSink) Write(ctx context.Context, res string, tok fence.Token, value string) error {
	return s.tb.Upsert(ctx, s.db, res, tok, fencesql.Set("value", value))
}

func TestConformance(t *testing.T) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			t.Run("update", func(t *testing.T) {
				fencetest.Run(t, func(t *testing.T) fencetest.Sink {
					db := b.open(t)
					return &updateSink{b: b, db: db, tb: newTable(t, b, db)}
				})
			})
			t.Run("upsert", func(t *testing.T) {
				fencetest.Run(t, func(t *testing.T) fencetest.Sink {
					db := b.open(t)
					return &upsertSink{updateSink{b: b, db: db, tb: newTable(t, b, db)}}
				})
			})
		})
	}
}

// clock is a manual clock for claims.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// TestClaimWorkedExample runs the worked example with real claims: the claim
// and the writes share the job's row, so B's claim alone fences A out.
func TestClaimWorkedExample(t *testing.T) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			ctx := t.Context()
			db := b.open(t)
			tb := newTable(t, b, db)
			clk := &clock{now: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}
			tb.Now = clk.Now
			if err := insertRow(ctx, b, db, tb, "J"); err != nil {
				t.Fatal(err)
			}
			if _, err := tb.Claim(ctx, db, "missing", time.Second); !errors.Is(err, fencesql.ErrUnavailable) {
				t.Fatalf("claim of a missing row: %v, want ErrUnavailable", err)
			}
			a, err := tb.Claim(ctx, db, "J", 10*time.Second)
			if err != nil {
				t.Fatal(err)
			}
			if a.Token != 1 || a.Resource != "J" || !a.Deadline.Equal(clk.Now().Add(10*time.Second)) {
				t.Fatalf("first claim = %+v", a)
			}
			clk.Advance(time.Second)
			if _, err := tb.Claim(ctx, db, "J", 10*time.Second); !errors.Is(err, fencesql.ErrUnavailable) {
				t.Fatalf("claim while A holds the lease: %v, want ErrUnavailable", err)
			}
			// A pauses past its lease; B claims.
			clk.Advance(10 * time.Second)
			bc, err := tb.Claim(ctx, db, "J", 10*time.Second)
			if err != nil {
				t.Fatal(err)
			}
			if bc.Token != 2 {
				t.Fatalf("B's token = %d, want 2", bc.Token)
			}
			// A's late write is rejected before B even wrote: B's claim
			// bumped the row's token.
			err = tb.Update(ctx, db, "J", a.Token, fencesql.Set("value", "A late"))
			var se *fence.StaleError
			if !errors.Is(err, fence.ErrStale) || !errors.As(err, &se) || se.Token != 1 || se.Resource != "J" {
				t.Fatalf("A's write with token %d: %v, want ErrStale", a.Token, err)
			}
			if err := tb.Update(ctx, db, "J", bc.Token, fencesql.Set("value", "B")); err != nil {
				t.Fatalf("B's write: %v", err)
			}
			if err := tb.Update(ctx, db, "J", bc.Token, fencesql.Set("value", "B again")); err != nil {
				t.Fatalf("B's second write: %v", err)
			}
			if err := tb.Upsert(ctx, db, "J", a.Token, fencesql.Set("value", "A upsert")); !errors.Is(err, fence.ErrStale) {
				t.Fatalf("A's upsert: %v, want ErrStale", err)
			}
			if err := tb.Release(ctx, db, "J", a.Token); !errors.Is(err, fence.ErrStale) {
				t.Fatalf("A's release: %v, want ErrStale", err)
			}
			if v, err := readValue(ctx, b, db, tb, "J"); err != nil || v != "B again" {
				t.Fatalf("value = %q, %v; want B again", v, err)
			}
			if err := tb.Release(ctx, db, "J", bc.Token); err != nil {
				t.Fatalf("B's release: %v", err)
			}
			c, err := tb.Claim(ctx, db, "J", 10*time.Second)
			if err != nil || c.Token != 3 {
				t.Fatalf("claim after release = %+v, %v; want token 3", c, err)
			}
		})
	}
}

// TestConcurrentClaimsIssueDistinctTokens races claims on one row: exactly
// one wins each round, tokens strictly increase.
func TestConcurrentClaimsIssueDistinctTokens(t *testing.T) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			ctx := t.Context()
			db := b.open(t)
			tb := newTable(t, b, db)
			if err := insertRow(ctx, b, db, tb, "J"); err != nil {
				t.Fatal(err)
			}
			var last fence.Token
			for round := range 5 {
				var (
					wg   sync.WaitGroup
					mu   sync.Mutex
					won  []fence.Token
					errs []error
				)
				for range 8 {
					wg.Go(func() {
						c, err := tb.Claim(ctx, db, "J", time.Hour)
						mu.Lock()
						defer mu.Unlock()
						switch {
						case err == nil:
							won = append(won, c.Token)
						case !errors.Is(err, fencesql.ErrUnavailable):
							errs = append(errs, err)
						}
					})
				}
				wg.Wait()
				if len(errs) > 0 || len(won) != 1 || won[0] <= last {
					t.Fatalf("round %d: winners %v (last token %d), errors %v", round, won, last, errs)
				}
				last = won[0]
				if err := tb.Release(ctx, db, "J", last); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// TestHostileIdentifiers writes through names that would break naive SQL.
func TestHostileIdentifiers(t *testing.T) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			ctx := t.Context()
			db := b.open(t)
			name := fmt.Sprintf(`we"ird; DROP TABLE x; -- %08x`, rand.Uint32())
			tb := fencesql.Table{Dialect: b.dialect, Name: name, Key: `k"ey`, Token: `to"ken`, Lease: "le ase", LeaseValue: b.leaseValue}
			qt, _ := b.dialect.QuoteIdent(name)
			ddl := `CREATE TABLE ` + qt + ` ("k""ey" TEXT PRIMARY KEY, "va""lue" TEXT, "le ase" ` + b.leaseType + `, "to""ken" BIGINT NOT NULL DEFAULT 0)`
			if _, err := db.ExecContext(ctx, ddl); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _, _ = db.ExecContext(context.Background(), "DROP TABLE "+qt) })
			if err := tb.Upsert(ctx, db, "x'); --", 5, fencesql.Set(`va"lue`, "v'1")); err != nil {
				t.Fatal(err)
			}
			c, err := tb.Claim(ctx, db, "x'); --", time.Minute)
			if err != nil || c.Token != 6 {
				t.Fatalf("claim = %+v, %v; want token 6", c, err)
			}
			if err := tb.Update(ctx, db, "x'); --", 5, fencesql.Set(`va"lue`, "stale")); !errors.Is(err, fence.ErrStale) {
				t.Fatalf("stale update: %v", err)
			}
			if err := tb.Update(ctx, db, "x'); --", c.Token, fencesql.Set(`va"lue`, "v'2")); err != nil {
				t.Fatal(err)
			}
		})
	}
}
