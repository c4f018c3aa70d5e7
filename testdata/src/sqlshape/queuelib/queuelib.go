// Package queuelib is a SQL message queue library. Its claim returns the
// message id and increments received; its exported functions that write a
// message by id alone let any caller's stale worker delete or extend a
// message another worker re-received, so they are reported here, at the
// statement, with the claim as related position.
package queuelib

import (
	"context"
	"database/sql"
	"time"
)

const receiveSQL = `UPDATE goqite SET timeout = ?, received = received + 1
	WHERE id = (SELECT id FROM goqite WHERE ? >= timeout AND queue = ? ORDER BY created LIMIT 1)
	RETURNING id, body, received`

// Queue is a named queue in a table.
type Queue struct {
	db   *sql.DB
	name string
}

// Message is a received message.
type Message struct {
	ID       string
	Body     []byte
	Received int
}

// Receive claims the next visible message.
func (q *Queue) Receive(ctx context.Context, timeout time.Duration) (*Message, error) {
	now := time.Now()
	var m Message
	if err := q.db.QueryRowContext(ctx, receiveSQL, now.Add(timeout), now, q.name).Scan(&m.ID, &m.Body, &m.Received); err != nil {
		return nil, err
	}
	return &m, nil
}

// Delete removes a message by id alone.
func (q *Queue) Delete(ctx context.Context, id string) error {
	_, err := q.db.ExecContext(ctx, `DELETE FROM goqite WHERE queue = ? AND id = ?`, q.name, id) // want `\(\*sql\.DB\)\.ExecContext deletes from goqite under a lease without a fencing token; the claim increments received: return it and add AND received = \? \(a worker`
	return err
}

// Extend pushes a message's timeout by id alone.
func (q *Queue) Extend(ctx context.Context, id string, delay time.Duration) error {
	_, err := q.db.ExecContext(ctx, `UPDATE goqite SET timeout = ? WHERE queue = ? AND id = ?`, time.Now().Add(delay), q.name, id) // want `updates goqite under a lease without a fencing token; the claim increments received`
	return err
}

// DeleteReceived removes a message only if it was not received again since.
func (q *Queue) DeleteReceived(ctx context.Context, id string, received int) (bool, error) {
	res, err := q.db.ExecContext(ctx, `DELETE FROM goqite WHERE queue = ? AND id = ? AND received = ?`, q.name, id, received) // ok: the counter the claim returned guards it
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Purge removes a message whoever holds it.
//
//fencecheck:idempotent an administrative removal, by design unconditional
func (q *Queue) Purge(ctx context.Context, id string) error {
	_, err := q.db.ExecContext(ctx, `DELETE FROM goqite WHERE id = ?`, id) // ok: marked idempotent
	return err
}

// Rename writes a table the package does not claim.
func (q *Queue) Rename(ctx context.Context, id, name string) error {
	_, err := q.db.ExecContext(ctx, `UPDATE queues SET name = ? WHERE id = ?`, name, id) // ok: no claim of queues in the package
	return err
}

// deleteAll is not exported: its callers are judged where they call it.
func (q *Queue) deleteAll(ctx context.Context, id string) error {
	_, err := q.db.ExecContext(ctx, `DELETE FROM goqite WHERE id = ?`, id) // ok: unexported
	return err
}

// DeleteQueue deletes every message of a queue, keyed by name, not by the
// claimed key.
func (q *Queue) DeleteQueue(ctx context.Context) error {
	_, err := q.db.ExecContext(ctx, `DELETE FROM goqite WHERE queue = ?`, q.name) // ok: not keyed by the id the claim returns
	return err
}
