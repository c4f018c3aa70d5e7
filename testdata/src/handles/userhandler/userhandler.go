// Package userhandler is user code the runner calls with a result writer.
package userhandler

import (
	"context"
	"database/sql"

	"handles/runner"
)

// Handle completes the job through the writer it is given.
func Handle(ctx context.Context, w *runner.ResultWriter) error {
	return w.Complete("done") // ok: the write is reported in runner, where it is made under the lease
}

// Status sets a status through a writer of another kind.
func Status(w *runner.StatusWriter) {
	w.Set(context.Background(), "seen") // ok: no lease is known to be held here
}

// New wires the runner.
func New(db *sql.DB) *runner.Runner {
	return &runner.Runner{DB: db, Handle: Handle, OnStatus: Status}
}
