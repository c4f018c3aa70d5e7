// Package runner claims jobs and hands each handler a result writer made
// under the job's lease.
package runner

import (
	"context"
	"database/sql"

	"interproc/leases"
)

// ResultWriter records the outcome of the job it was made for. Values are
// made only while the runner holds the job's lease.
type ResultWriter struct {
	ctx context.Context
	db  *sql.DB
	id  int64
}

// Complete writes the job's result. Handlers call it while the runner
// holds the lease.
func (w *ResultWriter) Complete(result string) error {
	_, err := w.db.ExecContext(w.ctx, `UPDATE results SET body = $2 WHERE job_id = $1`, w.id, result) // want `\(\*sql\.DB\)\.ExecContext updates results under a lease without a fencing token`
	return err
}

// Handler processes one job.
type Handler func(ctx context.Context, w *ResultWriter) error

// Runner claims jobs and runs the handler on each.
type Runner struct {
	DB       *sql.DB
	Handle   Handler
	OnStatus func(*StatusWriter)
	Scratch  func(*Buffer)
}

// Loop claims one job and runs the handlers.
func (r *Runner) Loop(ctx context.Context) error {
	l, err := leases.Claim(ctx, r.DB, "runner")
	if err != nil {
		return err
	}
	jctx, cancel := context.WithCancel(ctx)
	defer cancel()
	r.OnStatus(&StatusWriter{db: r.DB, id: l.JobID})
	r.Scratch(&Buffer{db: r.DB})
	return r.Handle(jctx, &ResultWriter{ctx: jctx, db: r.DB, id: l.JobID})
}

// StatusWriter sets a job's status. The admin API makes one too, outside
// any lease.
type StatusWriter struct {
	db *sql.DB
	id int64
}

// Set writes the status.
func (w *StatusWriter) Set(ctx context.Context, status string) error {
	_, err := w.db.ExecContext(ctx, `UPDATE jobs SET status = $2 WHERE id = $1`, w.id, status) // ok: StatusWriter values are also made outside any lease
	return err
}

// Admin returns a status writer for an operator, without a lease.
func (r *Runner) Admin(id int64) *StatusWriter {
	return &StatusWriter{db: r.DB, id: id}
}

// Buffer is made under the lease but carries nothing of it.
type Buffer struct {
	db *sql.DB
}

// Flush resets the scratch row.
func (b *Buffer) Flush(ctx context.Context) error {
	_, err := b.db.ExecContext(ctx, `UPDATE scratch SET n = 0 WHERE id = 1`) // ok: a Buffer carries nothing of the lease
	return err
}
