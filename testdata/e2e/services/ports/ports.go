// Package ports declares the interfaces the worker depends on; the
// adapters implement them and main wires them together.
package ports

import "context"

// JobStore records the outcome of a job.
type JobStore interface {
	// Complete marks the job done with its result.
	Complete(ctx context.Context, id int64, result string) error
}

// Results stores job results with the claim's fencing token.
type Results interface {
	// Save stores the result unless a newer claim already wrote.
	Save(ctx context.Context, id, token int64, result string) error
}

// Locker is a distributed lock.
type Locker interface {
	Lock(ctx context.Context) error
	Unlock(ctx context.Context) (bool, error)
}
