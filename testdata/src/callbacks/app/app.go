// Package app takes leases and writes through callbacks of helpers no
// catalogue lists, in this package and through package store.
package app

import (
	"context"
	"database/sql"
	"time"

	"github.com/go-redsync/redsync/v4"
	retry "github.com/sethvargo/go-retry"
	"k8s.io/apimachinery/pkg/util/wait"
	k8sretry "k8s.io/client-go/util/retry"

	"callbacks/guard"
	"callbacks/store"
)

const claimSQL = `UPDATE jobs SET locked_by = $1, lease_until = now() + interval '1 minute', fence_token = fence_token + 1
	WHERE id = (SELECT id FROM jobs WHERE lease_until < now() LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, fence_token`

// Work claims a job through store.Receive, then writes it.
func Work(ctx context.Context, db *sql.DB) error {
	id, _, err := store.Receive(ctx, db, "w1")
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, `UPDATE jobs SET state = 'running' WHERE id = $1`, id) // want `\(\*sql\.DB\)\.ExecContext updates jobs under a lease without a fencing token`
	return err
}

// WorkPolled claims a job through store.ReceivePolled, then writes it.
func WorkPolled(ctx context.Context, db *sql.DB) error {
	id, _, err := store.ReceivePolled(ctx, db, "w1")
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, `UPDATE jobs SET state = 'running' WHERE id = $1`, id) // want `\(\*sql\.DB\)\.ExecContext updates jobs under a lease without a fencing token`
	return err
}

// WorkLater writes after a claim that was only queued.
func WorkLater(ctx context.Context, db *sql.DB, q *guard.Queue) error {
	id, _ := store.ReceiveLater(ctx, db, q, "w1")
	_, err := db.ExecContext(ctx, `UPDATE jobs SET state = 'running' WHERE id = $1`, id) // ok: no lease is held when the call returns
	return err
}

// WorkInGroup writes after a claim made in a goroutine.
func WorkInGroup(ctx context.Context, db *sql.DB, g *wait.Group) error {
	id, _ := store.ReceiveInGroup(ctx, db, g, "w1")
	_, err := db.ExecContext(ctx, `UPDATE jobs SET state = 'running' WHERE id = $1`, id) // ok: no lease is held when the call returns
	return err
}

// ClaimRetried claims inside go-retry's Do here, then writes after the call.
func ClaimRetried(ctx context.Context, db *sql.DB) error {
	var id, tok int64
	if err := retry.Do(ctx, retry.NewConstant(time.Second), func(ctx context.Context) error {
		return db.QueryRowContext(ctx, claimSQL, "w1").Scan(&id, &tok)
	}); err != nil {
		db.ExecContext(ctx, `UPDATE workers SET idle = idle + 1`) // ok: the claim failed
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // want `\(\*sql\.DB\)\.ExecContext updates jobs under a lease without a fencing token`
	return err
}

// ClaimLocked claims inside the project's own WithLock, then writes after
// the call.
func ClaimLocked(ctx context.Context, db *sql.DB, l guard.Locker) error {
	var id, tok int64
	if err := guard.WithLock(l, func() error {
		return db.QueryRowContext(ctx, claimSQL, "w1").Scan(&id, &tok)
	}); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // want `\(\*sql\.DB\)\.ExecContext updates jobs under a lease without a fencing token`
	return err
}

// LockRetried takes a lock inside client-go's RetryOnConflict, then writes.
func LockRetried(ctx context.Context, db *sql.DB, m *redsync.Mutex) error {
	if err := k8sretry.RetryOnConflict(k8sretry.DefaultBackoff, func() error { return m.LockContext(ctx) }); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = 2`) // want `\(\*sql\.DB\)\.ExecContext updates jobs under a lease without a fencing token`
	return err
}

// ClaimThroughStore claims inside callbacks of helpers of package store
// that hand them on to go-retry and wait, then writes after each call.
func ClaimThroughStore(ctx context.Context, db *sql.DB) error {
	var id, tok int64
	if err := store.Retried(ctx, func(ctx context.Context) error {
		return db.QueryRowContext(ctx, claimSQL, "w1").Scan(&id, &tok)
	}); err != nil {
		return err
	}
	db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // want `\(\*sql\.DB\)\.ExecContext updates jobs under a lease without a fencing token`
	if err := store.Backoff(func() error {
		return db.QueryRowContext(ctx, claimSQL, "w2").Scan(&id, &tok)
	}); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE jobs SET result = 's' WHERE id = $1`, id) // want `\(\*sql\.DB\)\.ExecContext updates jobs under a lease without a fencing token`
	return err
}

// ClaimInGoroutine claims in a goroutine the helper starts, then writes.
func ClaimInGoroutine(ctx context.Context, db *sql.DB) error {
	var id, tok int64
	guard.Go(func() error {
		return db.QueryRowContext(ctx, claimSQL, "w1").Scan(&id, &tok)
	})
	_, err := db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = 1`) // ok: the claim runs in a goroutine
	return err
}

// ClaimDeferred hands the claim to a helper that only returns it.
func ClaimDeferred(ctx context.Context, db *sql.DB) error {
	var id, tok int64
	guard.Deferred(func() error {
		return db.QueryRowContext(ctx, claimSQL, "w1").Scan(&id, &tok)
	})
	_, err := db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = 1`) // ok: the claim is not run by the call
	return err
}

// Locked writes through the helpers of package store while holding a lock.
func Locked(ctx context.Context, db *sql.DB, m *redsync.Mutex, l guard.Locker, q *guard.Queue) error {
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	store.Finish(ctx, db, 1)           // want `call to store\.Finish writes jobs via retry\.RetryOnConflict → \(\*sql\.DB\)\.ExecContext without a fencing token`
	store.Save(ctx, db, l, 1)          // want `call to store\.Save writes jobs via guard\.WithLock → \(\*sql\.DB\)\.ExecContext without a fencing token`
	store.Archive(ctx, db, 1)          // want `call to store\.Archive writes jobs via wait\.PollImmediate → \(\*sql\.DB\)\.ExecContext without a fencing token`
	store.SaveLater(ctx, db, q, 1)     // ok: the write is only queued
	store.SaveInBackground(ctx, db, 1) // ok: the write runs in a goroutine
	return nil
}

// Stepped runs a method value under a lock through go-retry's Do.
func Stepped(ctx context.Context, db *sql.DB, m *redsync.Mutex, w *Worker) error {
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	return retry.Do(ctx, retry.NewConstant(time.Second), w.save)
}

// Worker saves results.
type Worker struct{ db *sql.DB }

func (w *Worker) save(ctx context.Context) error {
	_, err := w.db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = 3`) // want `\(\*sql\.DB\)\.ExecContext updates jobs under a lease without a fencing token`
	return err
}
