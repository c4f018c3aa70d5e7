// Package flow takes leases on some paths only: the scope is where a lease
// may still be held, not where one acquisition dominates.
package flow

import (
	"context"
	"database/sql"

	"github.com/go-redsync/redsync/v4"
)

// Repo claims jobs in the dialect of its database.
type Repo struct {
	db      *sql.DB
	dialect string
	locker  *redsync.Mutex
}

// Claim claims a job with the statement of the repo's dialect, then writes.
func (r *Repo) Claim(ctx context.Context, worker string) error {
	var id int64
	var err error
	switch r.dialect {
	case "postgres":
		err = r.db.QueryRowContext(ctx, `UPDATE jobs SET locked_by = $1, lease_until = now() + interval '1 minute'
			WHERE id = (SELECT id FROM jobs WHERE lease_until < now() LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`, worker).Scan(&id)
	default:
		err = r.db.QueryRowContext(ctx, `UPDATE jobs SET locked_by = ?, lease_until = NOW() + INTERVAL 1 MINUTE
			WHERE lease_until < NOW() LIMIT 1 RETURNING id`, worker).Scan(&id)
	}
	if err != nil {
		r.db.ExecContext(ctx, `UPDATE workers SET idle = idle + 1 WHERE name = $1`, worker) // ok: no claim succeeded on this path
		return err
	}
	_, err = r.db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // want `\(\*sql\.DB\)\.ExecContext updates jobs under a lease`
	return err
}

// Optional takes the lock only when the repo has a locker, then writes.
func (r *Repo) Optional(ctx context.Context) error {
	if r.locker != nil {
		if err := r.locker.LockContext(ctx); err != nil {
			return err
		}
	}
	_, err := r.db.ExecContext(ctx, `UPDATE counters SET n = n + 1 WHERE id = 1`) // want `\(\*sql\.DB\)\.ExecContext updates counters under a lease`
	return err
}

// ReleasedOnEveryPath takes a lock on one path and releases it on each
// path before the write.
func (r *Repo) ReleasedOnEveryPath(ctx context.Context, fast bool) error {
	if r.locker != nil {
		if err := r.locker.LockContext(ctx); err != nil {
			return err
		}
		if fast {
			r.locker.UnlockContext(ctx)
		} else {
			r.locker.UnlockContext(ctx)
		}
	}
	_, err := r.db.ExecContext(ctx, `UPDATE counters SET n = n + 1 WHERE id = 2`) // ok: every path released the lock
	return err
}

// FailureOnly writes only where the optional lock failed.
func (r *Repo) FailureOnly(ctx context.Context) error {
	if r.locker != nil {
		if err := r.locker.LockContext(ctx); err != nil {
			r.db.ExecContext(ctx, `UPDATE counters SET failed = failed + 1 WHERE id = 3`) // ok: the lock was not taken
			return err
		}
		r.locker.UnlockContext(ctx)
	}
	return nil
}

// Loop claims in a loop and releases at the end of each round.
func (r *Repo) Loop(ctx context.Context, n int) {
	for i := 0; i < n; i++ {
		r.db.ExecContext(ctx, `UPDATE rounds SET n = n + 1`) // ok: each round released its lock before the next
		if err := r.locker.LockContext(ctx); err != nil {
			continue
		}
		r.db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, i) // want `\(\*sql\.DB\)\.ExecContext updates jobs under a lease`
		r.locker.UnlockContext(ctx)
	}
}

// Abandon claims at the end of each round and never releases: the next
// round works for a new claim, not the abandoned one.
func (r *Repo) Abandon(ctx context.Context, n int) {
	for i := 0; i < n; i++ {
		r.db.ExecContext(ctx, `UPDATE rounds SET n = n + 1`) // ok: the previous round's lock was abandoned, not held for this work
		if err := r.locker.LockContext(ctx); err != nil {
			return
		}
	}
}

// Outer locks once before the loop: every round runs under that lease.
func (r *Repo) Outer(ctx context.Context, n int) error {
	if err := r.locker.LockContext(ctx); err != nil {
		return err
	}
	for i := 0; i < n; i++ {
		r.db.ExecContext(ctx, `UPDATE rounds SET n = n + 1`) // want `\(\*sql\.DB\)\.ExecContext updates rounds under a lease`
	}
	return nil
}
