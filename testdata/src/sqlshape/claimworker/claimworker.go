// Package claimworker composes the two steps of package claimsteps: the
// tasks it selects and then marks taken are under its lease.
package claimworker

import (
	"context"

	"sqlshape/claimsteps"
)

// Run takes stale tasks and completes them.
func Run(ctx context.Context, s *claimsteps.Store) error {
	tasks, err := s.FindStale(ctx)
	if err != nil {
		return err
	}
	ids := make([]int64, 0, len(tasks))
	for _, t := range tasks {
		ids = append(ids, t.ID)
	}
	if err := s.Take(ctx, "w1", ids); err != nil { // ok: the claim itself
		return err
	}
	for _, t := range tasks {
		s.Complete(ctx, t.ID, "done") // want `call to \(\*claimsteps\.Store\)\.Complete writes tasks via \(\*sql\.DB\)\.ExecContext without a fencing token`
	}
	return nil
}

// TakeOnly marks tasks it did not select: no claim.
func TakeOnly(ctx context.Context, s *claimsteps.Store, ids []int64) error {
	if err := s.Take(ctx, "w1", ids); err != nil {
		return err
	}
	return s.Complete(ctx, ids[0], "done") // ok: no lease is held
}

// WatchStale marks audit rows with the keys of stale tasks: another table,
// no claim.
func WatchStale(ctx context.Context, s *claimsteps.Store) error {
	tasks, err := s.FindStale(ctx)
	if err != nil {
		return err
	}
	ids := make([]int64, 0, len(tasks))
	for _, t := range tasks {
		ids = append(ids, t.ID)
	}
	if err := s.Watch(ctx, "w1", ids); err != nil {
		return err
	}
	return s.Complete(ctx, ids[0], "done") // ok: no lease is held
}
