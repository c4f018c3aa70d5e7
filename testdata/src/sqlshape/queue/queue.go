// Package queue is a SQL message queue with visibility-timeout claims: the
// receive statement sets timeout, which its own subquery compares with the
// time, and returns the row. The received counter it increments and
// returns is an owner token for later writes.
package queue

import (
	"context"
	"database/sql"
	"time"
)

const rfc3339Milli = "2006-01-02T15:04:05.000Z07:00"

const (
	receiveSQL = `UPDATE goqite SET timeout = ?, received = received + 1
		WHERE id = (SELECT id FROM goqite WHERE ? >= timeout AND queue = ? AND received < ? ORDER BY priority DESC, created LIMIT 1)
		RETURNING id, body, received`
	// receiveNoCountSQL increments attempts but does not return it.
	receiveNoCountSQL = `UPDATE goqite SET timeout = ?, attempts = attempts + 1
		WHERE id = (SELECT id FROM goqite WHERE ? >= timeout AND queue = ? ORDER BY created LIMIT 1)
		RETURNING id, body`
)

// Message is a received message.
type Message struct {
	ID       string
	Body     []byte
	Received int
}

// receive claims the next visible message for timeout.
func receive(ctx context.Context, db *sql.DB, queue string, timeout time.Duration) (*Message, error) {
	now := time.Now()
	var m Message
	err := db.QueryRowContext(ctx, receiveSQL, now.Add(timeout).Format(rfc3339Milli), now.Format(rfc3339Milli), queue, 3).Scan(&m.ID, &m.Body, &m.Received)
	if err != nil {
		return nil, err
	}
	return &m, nil
}

// Work handles one message and deletes it.
func Work(ctx context.Context, db *sql.DB) error {
	m, err := receive(ctx, db, "q", time.Minute)
	if err != nil {
		return err
	}
	db.ExecContext(ctx, `DELETE FROM goqite WHERE queue = ? AND id = ?`, "q", m.ID)                                          // want `\(\*sql\.DB\)\.ExecContext deletes from goqite under a lease without a fencing token`
	db.ExecContext(ctx, `DELETE FROM goqite WHERE queue = ? AND id = ? AND received = 2`, "q", m.ID)                         // want `deletes from goqite under a lease`
	res, err := db.ExecContext(ctx, `DELETE FROM goqite WHERE queue = ? AND id = ? AND received = ?`, "q", m.ID, m.Received) // ok: the counter the claim returned is the owner token
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	return nil
}

// WorkNoCount claims with a statement that does not return the counter, so
// comparing it is no owner check.
func WorkNoCount(ctx context.Context, db *sql.DB, attempts int) error {
	now := time.Now()
	var id string
	var body []byte
	if err := db.QueryRowContext(ctx, receiveNoCountSQL, now.Add(time.Minute), now, "q").Scan(&id, &body); err != nil {
		return err
	}
	db.ExecContext(ctx, `DELETE FROM goqite WHERE id = ? AND attempts = ?`, id, attempts) // want `deletes from goqite under a lease`
	return nil
}

// NotAClaim compares the column it sets with a number, not a time: no
// lease is taken.
func NotAClaim(ctx context.Context, db *sql.DB, limit int) error {
	var id string
	if err := db.QueryRowContext(ctx, `UPDATE counters SET n = ? WHERE id = (SELECT id FROM counters WHERE ? >= n LIMIT 1) RETURNING id`, limit, limit).Scan(&id); err != nil {
		return err
	}
	db.ExecContext(ctx, `UPDATE counters SET note = 'x' WHERE id = ?`, id) // ok: no lease is held
	return nil
}

// NoRows sets the timeout without returning the row: no lease is taken.
func NoRows(ctx context.Context, db *sql.DB) {
	now := time.Now()
	db.ExecContext(ctx, `UPDATE goqite SET timeout = ? WHERE id = (SELECT id FROM goqite WHERE ? >= timeout LIMIT 1)`, now.Add(time.Minute), now)
	db.ExecContext(ctx, `UPDATE goqite SET body = 'x' WHERE queue = ?`, "q") // ok: no lease is held
}
