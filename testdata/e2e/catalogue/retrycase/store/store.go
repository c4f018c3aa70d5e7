// Package store writes jobs inside the callbacks of client-go's
// RetryOnConflict and apimachinery's deprecated PollImmediate.
package store

import (
	"context"
	"database/sql"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/util/retry"
)

// Finish marks a job done, retried on conflicts.
func Finish(ctx context.Context, db *sql.DB, id int64) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		_, err := db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, id)
		return err
	})
}

// Archive deletes a job, polled until it succeeds.
func Archive(ctx context.Context, db *sql.DB, id int64) error {
	return wait.PollImmediate(time.Second, time.Minute, func() (bool, error) {
		_, err := db.ExecContext(ctx, `DELETE FROM jobs WHERE id = $1`, id)
		return err == nil, nil
	})
}
