// Package retrycase claims jobs inside the callbacks of retry and polling
// helpers that the catalogue does not list (github.com/sethvargo/go-retry,
// client-go's util/retry, apimachinery's util/wait) and writes them after
// the call; package store writes inside such callbacks for its callers.
package retrycase

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/go-redsync/redsync/v4"
	retry "github.com/sethvargo/go-retry"
	"k8s.io/apimachinery/pkg/util/wait"

	"example.com/catalogue/retrycase/store"
)

const claimSQL = `UPDATE jobs SET locked_by = $1, lease_until = now() + interval '1 minute', fence_token = fence_token + 1
	WHERE id = (SELECT id FROM jobs WHERE lease_until < now() LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, fence_token`

var errStale = errors.New("retrycase: the claim was taken over")

// ClaimRetried claims a job inside go-retry's Do, then writes its result.
func ClaimRetried(ctx context.Context, db *sql.DB) error {
	var id, tok int64
	b := retry.WithMaxRetries(3, retry.NewConstant(time.Second))
	if err := retry.Do(ctx, b, func(ctx context.Context) error {
		return retry.RetryableError(db.QueryRowContext(ctx, claimSQL, "w1").Scan(&id, &tok))
	}); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // finding: unfenced
	return err
}

// ClaimPolled claims a job in the condition of a poll, then writes it.
func ClaimPolled(ctx context.Context, db *sql.DB) error {
	var id, tok int64
	if err := wait.PollUntilContextTimeout(ctx, time.Second, time.Minute, true, func(ctx context.Context) (bool, error) {
		if err := db.QueryRowContext(ctx, claimSQL, "w1").Scan(&id, &tok); err != nil {
			return false, nil
		}
		return true, nil
	}); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // finding: unfenced
	return err
}

// ClaimPolledFenced writes the claimed job with the claim's token.
func ClaimPolledFenced(ctx context.Context, db *sql.DB) error {
	var id, tok int64
	if err := wait.PollUntilContextTimeout(ctx, time.Second, time.Minute, true, func(ctx context.Context) (bool, error) {
		return db.QueryRowContext(ctx, claimSQL, "w1").Scan(&id, &tok) == nil, nil
	}); err != nil {
		return err
	}
	res, err := db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1 AND fence_token <= $2`, id, tok) // ok: fenced by the claim's token
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return errStale
	}
	return nil
}

// ClaimInGroup claims in a goroutine of a wait.Group, then writes.
func ClaimInGroup(ctx context.Context, db *sql.DB, g *wait.Group) error {
	var id, tok int64
	g.Start(func() {
		db.QueryRowContext(ctx, claimSQL, "w1").Scan(&id, &tok)
	})
	_, err := db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = 1`) // ok: the claim runs in a goroutine
	return err
}

// Locked finishes jobs through package store while holding a redsync lock.
func Locked(ctx context.Context, db *sql.DB, m *redsync.Mutex) error {
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	if err := store.Finish(ctx, db, 1); err != nil { // finding: unfenced
		return err
	}
	return store.Archive(ctx, db, 1) // finding: unfenced
}
