// Package attempt guards writes on the attempt number of a Temporal
// activity, which the server issues per attempt: a guard on it fences.
// The same guard on a constant, a random value or River's attempt
// counter (which can repeat) does not.
package attempt

import (
	"context"
	"database/sql"
	"errors"
	"math/rand"

	"github.com/riverqueue/river"
	"go.temporal.io/sdk/activity"
)

var errStale = errors.New("a newer attempt wrote first")

// Activities are Temporal activities.
type Activities struct{ DB *sql.DB }

// Capture guards the write on the attempt the server issued.
func (a *Activities) Capture(ctx context.Context, id int64) error {
	info := activity.GetInfo(ctx)
	res, err := a.DB.ExecContext(ctx, `UPDATE payments SET state = 'captured', attempt = $2 WHERE id = $1 AND attempt < $2`, id, info.Attempt) // ok: the attempt is issued per attempt by the server
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errStale
	}
	return nil
}

// Direct reads the attempt inline.
func (a *Activities) Direct(ctx context.Context, id int64) error {
	res, err := a.DB.ExecContext(ctx, `UPDATE payments SET state = 'x', attempt = $2 WHERE id = $1 AND attempt < $2`, id, activity.GetInfo(ctx).Attempt) // ok: the attempt is issued per attempt by the server
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errStale
	}
	return nil
}

// Constant guards the write on a constant.
func (a *Activities) Constant(ctx context.Context, id int64) error {
	activity.RecordHeartbeat(ctx)
	res, err := a.DB.ExecContext(ctx, `UPDATE payments SET state = 'captured' WHERE id = $1 AND attempt < $2`, id, 3) // want `\(\*sql\.DB\)\.ExecContext updates payments with a guard that does not fence: the token is a constant`
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errStale
	}
	return nil
}

// Random guards the write on a random value.
func (a *Activities) Random(ctx context.Context, id int64) error {
	activity.RecordHeartbeat(ctx)
	res, err := a.DB.ExecContext(ctx, `UPDATE payments SET state = 'captured' WHERE id = $1 AND attempt < $2`, id, rand.Int63()) // want `the token is random`
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errStale
	}
	return nil
}

// Args are River job arguments.
type Args struct{}

// Kind names the job kind.
func (Args) Kind() string { return "capture" }

// Work guards on River's attempt counter, which can repeat.
func Work(ctx context.Context, db *sql.DB) func(context.Context, *river.Job[Args]) error {
	return func(ctx context.Context, job *river.Job[Args]) error {
		res, err := db.ExecContext(ctx, `UPDATE payments SET state = 'captured' WHERE id = $1 AND attempt < $2`, job.ID, job.Attempt) // want `the token is not a fencing token: an attempt counter can repeat`
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errStale
		}
		return nil
	}
}
