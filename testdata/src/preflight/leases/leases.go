// Package leases checks its leases by comparing an injected clock with
// their deadline, and writes after such checks.
package leases

import (
	"context"
	"database/sql"
	"time"
)

// Lease is a held lease and its deadline.
type Lease struct {
	Until time.Time
	clock func() time.Time
}

// Acquire takes the lease.
//
//fencecheck:acquire
func Acquire(ctx context.Context, name string) (*Lease, error) { // want Acquire:`fence:acquire`
	return &Lease{clock: time.Now}, nil
}

// Valid reports whether the lease has not expired: a probe, by its result.
func (l *Lease) Valid() bool { // want Valid:`fence:probe`
	return l.clock().Before(l.Until)
}

// Remaining is not a probe: it returns a duration, not a decision.
func (l *Lease) Remaining() time.Duration {
	return l.Until.Sub(l.clock())
}

// Finish writes the result unless the lease has expired.
func Finish(ctx context.Context, db *sql.DB, id int64, l *Lease) error { // want Finish:`fence:writes\(\(\*sql\.DB\)\.ExecContext jobs\),at\(leases\.go:39\),probed\(leases\.go:36\),writesthrough\(1\)`
	if !l.Valid() {
		return nil
	}
	_, err := db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id)
	return err
}

// Save writes the result with no check.
func Save(ctx context.Context, db *sql.DB, id int64) error { // want Save:`fence:writes\(\(\*sql\.DB\)\.ExecContext jobs\),at\(leases\.go:45\),writesthrough\(1\)$`
	_, err := db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id)
	return err
}

// Alive reports whether ctx is still live: a probe when ctx is a lease
// context, nothing otherwise.
func Alive(ctx context.Context) bool { // want Alive:`fence:probectx\(0\)`
	return ctx.Err() == nil
}
