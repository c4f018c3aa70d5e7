// Package riverworker holds River workers that delegate to a service of
// another package, and functions that take a job without being handlers.
package riverworker

import (
	"context"
	"database/sql"
	"time"

	"github.com/riverqueue/river"

	"registration/svc"
)

// OrderArgs are job arguments.
type OrderArgs struct{ OrderID int64 }

// Kind names the job kind.
func (OrderArgs) Kind() string { return "order" }

// Worker delegates the work to the service.
type Worker struct {
	river.WorkerDefaults[OrderArgs]
	svc *svc.Service
	db  *sql.DB
}

// Work runs under the job's lease.
func (w *Worker) Work(ctx context.Context, job *river.Job[OrderArgs]) error {
	if _, err := w.svc.Load(ctx, job.ID); err != nil { // ok: a read
		return err
	}
	return w.svc.Finish(ctx, job.ID) // want `call to \(\*svc\.Service\)\.Finish writes orders via \(\*sql\.DB\)\.ExecContext without a fencing token`
}

// Timeout takes a job but is not a handler.
func (w *Worker) Timeout(job *river.Job[OrderArgs]) time.Duration {
	w.db.Exec(`UPDATE orders SET timeouts = timeouts + 1 WHERE job_id = $1`, job.ID) // ok: not the handler shape
	return time.Minute
}

// Schedule takes a job to record it: a producer holds no lease.
func Schedule(ctx context.Context, db *sql.DB, job *river.Job[OrderArgs]) error {
	_, err := db.ExecContext(ctx, `UPDATE orders SET state = 'queued' WHERE id = $1`, job.Args.OrderID) // ok: not the handler shape
	return err
}

// Process has the handler shape but is a method not named Work, and it
// is neither registered nor called from a handler.
func (w *Worker) Process(ctx context.Context, job *river.Job[OrderArgs]) error {
	_, err := w.db.ExecContext(ctx, `UPDATE orders SET state = 'x' WHERE id = $1`, job.Args.OrderID) // ok: not a handler
	return err
}

// Register adds the workers, one as a function literal that delegates.
func Register(s *svc.Service) *river.Workers {
	workers := river.NewWorkers()
	river.AddWorker(workers, &Worker{svc: s})
	river.AddWorker(workers, river.WorkFunc(func(ctx context.Context, job *river.Job[OrderArgs]) error {
		return s.Finish(ctx, job.ID) // want `call to \(\*svc\.Service\)\.Finish writes orders`
	}))
	return workers
}
