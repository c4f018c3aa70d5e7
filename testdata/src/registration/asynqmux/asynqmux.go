// Package asynqmux registers asynq handlers with a ServeMux: function
// literals, method values, and values with a ProcessTask method, here and
// from another package; and it holds producers that build and enqueue
// tasks, which hold no lease.
package asynqmux

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"

	"registration/mailer"
)

// Handlers hold the database.
type Handlers struct{ DB *sql.DB }

// resize has the handler shape under another name: registered below.
func (h *Handlers) resize(ctx context.Context, t *asynq.Task) error {
	_, err := h.DB.ExecContext(ctx, `UPDATE images SET state = 'resized' WHERE id = $1`, string(t.Payload())) // want `updates images under a lease without a fencing token`
	return err
}

// crop is converted to asynq.HandlerFunc and registered with Handle.
func (h *Handlers) crop(ctx context.Context, t *asynq.Task) error {
	_, err := h.DB.ExecContext(ctx, `UPDATE images SET state = 'cropped' WHERE id = $1`, string(t.Payload())) // want `updates images under a lease`
	return err
}

// rotate has the handler shape but is never registered.
func (h *Handlers) rotate(ctx context.Context, t *asynq.Task) error {
	_, err := h.DB.ExecContext(ctx, `UPDATE images SET state = 'rotated' WHERE id = $1`, string(t.Payload())) // ok: not registered, not ProcessTask
	return err
}

// Mux registers the handlers.
func Mux(db *sql.DB) *asynq.ServeMux {
	h := &Handlers{DB: db}
	m := &mailer.Mailer{DB: db}
	mux := asynq.NewServeMux()
	mux.HandleFunc("thumb", func(ctx context.Context, t *asynq.Task) error {
		_, err := db.ExecContext(ctx, `UPDATE images SET thumb = true WHERE id = $1`, string(t.Payload())) // want `updates images under a lease`
		return err
	})
	mux.HandleFunc("resize", h.resize)
	mux.Handle("crop", asynq.HandlerFunc(h.crop))
	mux.HandleFunc("bounce", m.Bounce) // want `call to \(\*mailer\.Mailer\)\.Bounce writes mails via \(\*sql\.DB\)\.ExecContext without a fencing token`
	mux.Handle("send", m)              // ok: ProcessTask is reported in its own package
	return mux
}

// Enqueue builds a task, records it and enqueues it: a producer.
func Enqueue(ctx context.Context, c *asynq.Client, db *sql.DB, id string) error {
	t := asynq.NewTask("thumb", []byte(id))
	return enqueue(ctx, c, db, t)
}

// enqueue takes a task among other parameters: not the handler shape.
func enqueue(ctx context.Context, c *asynq.Client, db *sql.DB, t *asynq.Task) error {
	if _, err := db.ExecContext(ctx, `UPDATE images SET state = 'queued' WHERE id = $1`, string(t.Payload())); err != nil { // ok: a producer holds no lease
		return err
	}
	_, err := c.EnqueueContext(ctx, t)
	return err
}

// Producer enqueues tasks.
type Producer struct {
	C  *asynq.Client
	DB *sql.DB
}

// Send has the handler shape but is neither ProcessTask nor registered.
func (p *Producer) Send(ctx context.Context, t *asynq.Task) error {
	if _, err := p.DB.ExecContext(ctx, `UPDATE images SET state = 'sent' WHERE id = $1`, string(t.Payload())); err != nil { // ok: a producer method holds no lease
		return err
	}
	_, err := p.C.EnqueueContext(ctx, t)
	return err
}
