// Package leases takes named leases through queries sqlc generated for
// pgx, and lease rows taken by a conditional update on a pool.
package leases

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/sqlmod/leasedb"
)

var errHeld = errors.New("lease held elsewhere")

// Report takes the lease through the generated queries and writes by the
// lease's name alone.
func Report(ctx context.Context, pool *pgxpool.Pool, name, me string) error {
	q := leasedb.New(pool)
	n, err := q.AcquireLease(ctx, leasedb.AcquireLeaseParams{Name: name, Holder: me, ExpiresAt: pgtype.Timestamptz{Time: time.Now().Add(time.Minute), Valid: true}})
	if err != nil || n == 0 {
		return errHeld
	}
	if err := q.SaveReport(ctx, leasedb.SaveReportParams{Body: "b", Name: name}); err != nil { // finding: unfenced
		return err
	}
	return q.ReleaseLease(ctx, name) // finding: unfenced
}

// Update takes the lease row with a conditional update on the pool, then
// renews it by its name alone.
func Update(ctx context.Context, pool *pgxpool.Pool, name, me string) error {
	tag, err := pool.Exec(ctx, `UPDATE leases SET holder = $1, expires_at = now() + interval '30 seconds'
		WHERE name = $2 AND (holder IS NULL OR expires_at < now())`, me, name)
	if err != nil || tag.RowsAffected() == 0 {
		return errHeld
	}
	pool.Exec(ctx, `UPDATE leases SET expires_at = now() + interval '30 seconds' WHERE name = $1`, name) // finding: weakguard
	return nil
}

// Idle writes without a lease.
func Idle(ctx context.Context, pool *pgxpool.Pool, name string) error {
	return leasedb.New(pool).SaveReport(ctx, leasedb.SaveReportParams{Body: "b", Name: name})
}
