package worker // want package:`leasedcalls\(\(ifaces/ports\.JobStore\)\.Complete@worker\.go:26, \(ifaces/ports\.JobStore\)\.Finish@worker\.go:27\)`

// The worker calls the JobStore under a lease; it never imports an
// implementation, so it cannot tell what the call writes. It lists the
// call in its package fact for the package that wires the implementation.

import (
	"context"

	"ifaces/ports"
)

// Worker processes jobs.
type Worker struct {
	L ports.Leases
	S ports.JobStore
}

// Process claims a job and finishes it through the store.
func (w *Worker) Process(ctx context.Context) error {
	j, err := w.L.Claim(ctx)
	if err != nil {
		w.S.Complete(ctx, 0) // ok: the claim failed
		return err
	}
	w.S.Complete(ctx, j.ID)
	w.S.Finish(ctx, j.ID, j.Token)
	return w.L.Release(ctx, j.ID)
}

// Sweep finishes jobs without a lease: not listed.
func (w *Worker) Sweep(ctx context.Context) {
	w.S.Complete(ctx, 2)
}
