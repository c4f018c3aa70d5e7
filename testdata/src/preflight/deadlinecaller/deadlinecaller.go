// Package deadlinecaller writes under a lease through the interfaces of
// package deadlinestore, whose implementations it sees by importing it.
package deadlinecaller

import (
	"context"
	"time"

	"preflight/deadlinestore"
	"preflight/leases"
)

// Complete takes the lease and completes the job through the interface.
func Complete(ctx context.Context, st deadlinestore.Store, id int64) error {
	if _, err := leases.Acquire(ctx, "job"); err != nil {
		return err
	}
	return st.Complete(ctx, id, time.Now().Add(time.Minute)) // want `after an ownership check that does not fence it`
}

// Archive takes the lease and archives through the interface with no check.
func Archive(ctx context.Context, c deadlinestore.Cleaner, id int64) error {
	if _, err := leases.Acquire(ctx, "job"); err != nil {
		return err
	}
	return c.Archive(ctx, id) // ok for preflight: no check is made (unfenced reports it)
}
