// Package sqlcuser takes leases through the queries sqlc generated in
// package sqlcdb and writes through them.
package sqlcuser

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"sqllease/sqlcdb"
	"sqllease/sqlcstd"
)

var errHeld = errors.New("lease held elsewhere")

// Report takes the lease, then writes the report keyed by the lease's
// name alone.
func Report(ctx context.Context, pool *pgxpool.Pool, name, me string) error {
	q := sqlcdb.New(pool)
	n, err := q.AcquireLease(ctx, sqlcdb.AcquireLeaseParams{Holder: me, ExpiresAt: time.Now().Add(time.Minute), Name: name})
	if err != nil || n == 0 {
		return errHeld
	}
	return q.UpdateReport(ctx, sqlcdb.UpdateReportParams{Body: "b", Name: name}) // want `unfenced: call to \(\*sqlcdb\.Queries\)\.UpdateReport writes reports via`
}

// Fenced takes the lease with a token and writes with it.
func Fenced(ctx context.Context, pool *pgxpool.Pool, name, me string) error {
	q := sqlcdb.New(pool)
	tok, err := q.AcquireFencedLease(ctx, sqlcdb.AcquireFencedLeaseParams{Name: name, Holder: me, ExpiresAt: time.Now().Add(time.Minute)})
	if err != nil {
		return err
	}
	n, err := q.UpdateReportFenced(ctx, sqlcdb.UpdateReportFencedParams{Body: "b", Name: name, Fence: tok}) // ok: fenced by the claim's token
	if err != nil || n == 0 {
		return errHeld
	}
	return nil
}

// NoLease writes without a lease.
func NoLease(ctx context.Context, pool *pgxpool.Pool, name string) error {
	return sqlcdb.New(pool).UpdateReport(ctx, sqlcdb.UpdateReportParams{Body: "b", Name: name}) // ok: no lease is held
}

// Job claims a job row optimistically through sqlc's database/sql code,
// then finishes it by id alone.
func Job(ctx context.Context, db *sql.DB, id, ver int64) error {
	q := sqlcstd.New(db)
	n, err := q.ClaimJob(ctx, sqlcstd.ClaimJobParams{ID: id, Version: ver})
	if err != nil || n == 0 {
		return errHeld
	}
	return q.FinishJob(ctx, id) // want `unfenced: call to \(\*sqlcstd\.Queries\)\.FinishJob writes jobs via`
}
