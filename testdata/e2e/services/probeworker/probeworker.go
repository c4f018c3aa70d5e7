// Package probeworker completes jobs under a redislock lock through the
// Store interface of package probestore.
package probeworker

import (
	"context"
	"time"

	"github.com/bsm/redislock"

	"example.com/services/probestore"
)

// Worker completes jobs.
type Worker struct {
	Locks *redislock.Client
	Store probestore.Store
}

// Complete takes the job's lock and completes the job.
func (w *Worker) Complete(ctx context.Context, id int64) error {
	const ttl = 30 * time.Second
	l, err := w.Locks.Obtain(ctx, "job", ttl, nil)
	if err != nil {
		return err
	}
	defer l.Release(ctx)
	return w.Store.Complete(ctx, id, time.Now().Add(ttl)) // finding: preflight
}
