// Package rivertype synthesizes the part of github.com/riverqueue/river/rivertype that fencecheck's tests need, with the real signatures.
package rivertype

import (
	"context"
	"errors"
	"time"
)

var ErrNotFound = errors.New("not found")

type JobState string

const JobStateRunning JobState = "running"

type JobRow struct {
	ID          int64
	Attempt     int
	AttemptedAt *time.Time
	AttemptedBy []string
	Kind        string
	MaxAttempts int
	Queue       string
	State       JobState
}

type Middleware interface {
	IsMiddleware() bool
}

type WorkerMiddleware interface {
	Middleware
	Work(ctx context.Context, job *JobRow, doInner func(context.Context) error) error
}
