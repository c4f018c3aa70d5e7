// Package ports declares the interfaces the application is built on; the
// implementations live in other packages.
package ports

import "context"

// Job is a claimed job.
type Job struct {
	ID    int64
	Token int64
}

// Leases is a lease service whose methods carry directives: calls through
// it are understood in every package.
type Leases interface {
	// Claim takes a job's lease.
	//
	//fencecheck:acquire
	Claim(ctx context.Context) (Job, error) // want Claim:`fence:acquire`

	// Release gives the lease back.
	//
	//fencecheck:release
	Release(ctx context.Context, id int64) error // want Release:`fence:release`

	// Record writes an audit record the catalogue does not know.
	//
	//fencecheck:sink
	Record(ctx context.Context, id int64) error // want Record:`fence:sink`

	// Save writes only if tok is not older than the stored token.
	//
	//fencecheck:guarded token=tok
	Save(ctx context.Context, id, tok int64) error // want Save:`fence:guarded\(2\)`

	// Owns checks ownership before a write.
	//
	//fencecheck:probe
	Owns(ctx context.Context, id int64) bool // want Owns:`fence:probe`

	// Ping carries no directive.
	Ping(ctx context.Context) error
}

// Claimer hands out jobs; its implementations decide whether that takes
// a lease.
type Claimer interface {
	Next(ctx context.Context) (Job, error)
}

// JobStore finishes jobs; its implementations decide how they write.
type JobStore interface {
	Complete(ctx context.Context, id int64) error
	Finish(ctx context.Context, id, tok int64) error
}

// Notifier is implemented only by a test double.
type Notifier interface {
	Notify(ctx context.Context, id int64) error
}
