package jobs

import (
	"context"
	"database/sql"
	"errors"

	"go.temporal.io/sdk/activity"
)

// ErrSuperseded reports that a later attempt already wrote.
var ErrSuperseded = errors.New("jobs: a later attempt already wrote")

// Capture is a Temporal activity fenced by the attempt number the server
// issues for each attempt.
func Capture(ctx context.Context, db *sql.DB, id int64) error {
	attempt := activity.GetInfo(ctx).Attempt
	res, err := db.ExecContext(ctx, `UPDATE captures SET state = 'captured', attempt = $2
		WHERE id = $1 AND attempt < $2`, id, attempt) // ok: the server issues a greater attempt number to every retry (inventory: fenced)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return ErrSuperseded
	}
	return nil
}
