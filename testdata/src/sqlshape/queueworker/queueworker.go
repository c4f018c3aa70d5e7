// Package queueworker uses queuelib: the unfenced Delete is reported once,
// in the library, not again at this call.
package queueworker

import (
	"context"
	"time"

	"sqlshape/queuelib"
)

// Work receives a message and deletes it.
func Work(ctx context.Context, q *queuelib.Queue) error {
	m, err := q.Receive(ctx, time.Minute)
	if err != nil {
		return err
	}
	q.Extend(ctx, m.ID, time.Minute)                                           // ok: reported in queuelib, at the statement
	q.Delete(ctx, m.ID)                                                        // ok: reported in queuelib, at the statement
	if ok, err := q.DeleteReceived(ctx, m.ID, m.Received); err != nil || !ok { // ok: guarded, outcome checked
		return err
	}
	return nil
}
