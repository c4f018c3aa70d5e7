package jobs

import (
	"context"
	"encoding/binary"

	"github.com/hibiken/asynq"

	"example.com/services/reports"
)

// Handlers are asynq handlers registered as method values.
type Handlers struct {
	Reports *reports.Service
}

// Send publishes the report of a task.
func (h *Handlers) Send(ctx context.Context, t *asynq.Task) error {
	return h.Reports.Publish(ctx, reportID(t)) // finding: unfenced
}

// reportID decodes a task's payload.
func reportID(t *asynq.Task) int64 {
	if len(t.Payload()) < 8 {
		return 0
	}
	return int64(binary.BigEndian.Uint64(t.Payload()))
}

// Mux registers the handlers.
func Mux(h *Handlers) *asynq.ServeMux {
	mux := asynq.NewServeMux()
	mux.HandleFunc("report:send", h.Send)
	mux.HandleFunc("report:archive", func(ctx context.Context, t *asynq.Task) error {
		return h.Reports.Archive(ctx, reportID(t)) // finding: unfenced
	})
	return mux
}

// Enqueue enqueues a report task and records it: a producer holds no lease.
func Enqueue(ctx context.Context, c *asynq.Client, svc *reports.Service, t *asynq.Task, id int64) error {
	if _, err := c.EnqueueContext(ctx, t); err != nil {
		return err
	}
	return svc.MarkQueued(ctx, id) // ok: a producer holds no lease (inventory: unscoped)
}
