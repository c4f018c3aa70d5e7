// Package store claims and writes jobs inside the callbacks of helpers no
// catalogue lists: github.com/sethvargo/go-retry, client-go's retry and
// apimachinery's wait, and the project's own package guard.
package store

import (
	"context"
	"database/sql"
	"time"

	retry "github.com/sethvargo/go-retry"
	"k8s.io/apimachinery/pkg/util/wait"
	k8sretry "k8s.io/client-go/util/retry"

	"callbacks/guard"
)

const claimSQL = `UPDATE jobs SET locked_by = $1, lease_until = now() + interval '1 minute', fence_token = fence_token + 1
	WHERE id = (SELECT id FROM jobs WHERE lease_until < now() LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, fence_token`

// Receive claims a job inside go-retry's Do and returns holding its lease.
func Receive(ctx context.Context, db *sql.DB, worker string) (id, tok int64, err error) { // want Receive:`fence:acquire,claims\(fence_token,lease_until,locked_by\)`
	err = retry.Do(ctx, retry.WithMaxRetries(3, retry.NewConstant(time.Second)), func(ctx context.Context) error {
		return db.QueryRowContext(ctx, claimSQL, worker).Scan(&id, &tok)
	})
	return id, tok, err
}

// ReceivePolled claims a job in the condition of a poll.
func ReceivePolled(ctx context.Context, db *sql.DB, worker string) (id, tok int64, err error) { // want ReceivePolled:`fence:acquire,claims\(fence_token,lease_until,locked_by\)`
	err = wait.PollUntilContextTimeout(ctx, time.Second, time.Minute, true, func(ctx context.Context) (bool, error) {
		if err := db.QueryRowContext(ctx, claimSQL, worker).Scan(&id, &tok); err != nil {
			return false, err
		}
		return true, nil
	})
	return id, tok, err
}

// ReceiveLater queues the claim: the caller holds nothing when it returns.
func ReceiveLater(ctx context.Context, db *sql.DB, q *guard.Queue, worker string) (id, tok int64) {
	q.Later(func() error {
		return db.QueryRowContext(ctx, claimSQL, worker).Scan(&id, &tok)
	})
	return id, tok
}

// ReceiveInGroup claims in a goroutine of a wait.Group: the caller holds
// nothing when it returns.
func ReceiveInGroup(ctx context.Context, db *sql.DB, g *wait.Group, worker string) (id, tok int64) {
	g.Start(func() {
		db.QueryRowContext(ctx, claimSQL, worker).Scan(&id, &tok)
	})
	return id, tok
}

// Finish marks a job done inside client-go's RetryOnConflict.
func Finish(ctx context.Context, db *sql.DB, id int64) error { // want Finish:`fence:writes\(retry\.RetryOnConflict → \(\*sql\.DB\)\.ExecContext jobs\)`
	return k8sretry.RetryOnConflict(k8sretry.DefaultRetry, func() error {
		_, err := db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, id)
		return err
	})
}

// Save writes a result under the project's own lock helper.
func Save(ctx context.Context, db *sql.DB, l guard.Locker, id int64) error { // want Save:`fence:writes\(guard\.WithLock → \(\*sql\.DB\)\.ExecContext jobs\)`
	return guard.WithLock(l, func() error {
		_, err := db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id)
		return err
	})
}

// Archive deletes a job in the condition of a deprecated poll, which adapts
// its ConditionFunc with WithContext.
func Archive(ctx context.Context, db *sql.DB, id int64) error { // want Archive:`fence:writes\(wait\.PollImmediate → \(\*sql\.DB\)\.ExecContext jobs\)`
	return wait.PollImmediate(time.Second, time.Minute, func() (bool, error) {
		_, err := db.ExecContext(ctx, `DELETE FROM jobs WHERE id = $1`, id)
		return err == nil, err
	})
}

// SaveLater queues the write: it is not made by the call.
func SaveLater(ctx context.Context, db *sql.DB, q *guard.Queue, id int64) {
	q.Later(func() error {
		_, err := db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id)
		return err
	})
}

// SaveInBackground writes in a goroutine retried by the project's helper.
func SaveInBackground(ctx context.Context, db *sql.DB, id int64) {
	guard.GoRetry(func() error {
		_, err := db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id)
		return err
	})
}

// Retried runs op through go-retry's Do, whose parameter has a named
// function type.
func Retried(ctx context.Context, op func(context.Context) error) error { // want Retried:`fence:sync\(1\)`
	return retry.Do(ctx, retry.NewConstant(time.Second), op)
}

// Backoff runs op in the condition it hands to wait.ExponentialBackoff, a
// closure converted to wait.ConditionFunc.
func Backoff(op func() error) error { // want Backoff:`fence:sync\(0\)`
	return wait.ExponentialBackoff(wait.Backoff{Steps: 3}, func() (bool, error) {
		err := op()
		return err == nil, err
	})
}
