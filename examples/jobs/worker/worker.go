// Package worker runs jobs.
package worker

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"github.com/fencecheck/fencecheck/examples/jobs/ledger"
	"github.com/fencecheck/fencecheck/examples/jobs/queue"
	"github.com/fencecheck/fencecheck/examples/jobs/store"
)

// Worker claims and runs jobs.
type Worker struct {
	DB      *sql.DB
	Results *store.Results
	Ledger  *ledger.Client
	Name    string
}

// RunOnce claims one job, computes its result and records it.
func (w *Worker) RunOnce(ctx context.Context) error {
	job, err := queue.Claim(ctx, w.DB, w.Name)
	if err != nil {
		return err
	}
	result := strings.ToUpper(job.Payload) // imagine minutes of work, or a GC pause

	// Overwrites whatever a newer claim wrote: reported.
	if err := w.Results.Save(ctx, job.ID, result); err != nil {
		return err
	}
	// Carries the token to the sink: accepted.
	if err := w.Results.SaveFenced(ctx, job.ID, result, job.Token); err != nil {
		return err
	}
	// Bills the job twice if a newer claim finishes it too: reported,
	// because .fencecheck.yaml declares Append a sink.
	if err := w.Ledger.Append(ctx, job.ID, "charge"); err != nil {
		return err
	}
	if err := w.Publish(ctx, job); err != nil {
		return err
	}
	return w.finish(ctx, job)
}

// finish marks the job done.
func (w *Worker) finish(ctx context.Context, job *queue.Job) error {
	// The state check does not fence: a newer claim is also 'running'.
	_, err := w.DB.ExecContext(ctx,
		`UPDATE jobs SET state = 'done', locked_by = NULL WHERE id = $1 AND state = 'running'`, job.ID)
	return err
}

// Publish copies a job's result to the public table, once it is sure it
// still holds the lease.
func (w *Worker) Publish(ctx context.Context, job *queue.Job) error {
	var until time.Time
	if err := w.DB.QueryRowContext(ctx,
		`SELECT lease_until FROM jobs WHERE id = $1 AND locked_by = $2`, job.ID, w.Name).Scan(&until); err != nil {
		return err
	}
	if time.Now().After(until) {
		return nil // lease lost
	}
	// Reported: the worker can pause right here, after the check.
	_, err := w.DB.ExecContext(ctx, `UPDATE public_results SET body = $2 WHERE job_id = $1`, job.ID, job.Payload)
	if err != nil {
		return err
	}
	// Silent, but not fenced: the statement is built at run time, so
	// fencecheck cannot read it (fencecheck -why worker/worker.go:76 says so).
	return w.Results.Tag(ctx, job.ID, map[string]string{"published": "yes"})
}
