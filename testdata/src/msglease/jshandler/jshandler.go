// Package jshandler declares JetStream message handlers that another
// package registers with Consume. It is analysed first and cannot know
// that they run under a message's lease: the writes they reach are
// reported at the registration.
package jshandler

import (
	"context"
	"database/sql"

	"github.com/nats-io/nats.go/jetstream"
)

// Store applies messages to a database.
type Store struct {
	DB *sql.DB
}

// Apply overwrites the account's balance, then acknowledges.
func (s *Store) Apply(msg jetstream.Msg) {
	s.DB.ExecContext(context.Background(), `UPDATE accounts SET balance = $1 WHERE id = $2`, msg.Data(), msg.Subject())
	msg.Ack()
}

// ApplyFenced writes only if no later delivery of the message wrote first.
func (s *Store) ApplyFenced(msg jetstream.Msg) {
	meta, err := msg.Metadata()
	if err != nil {
		msg.Nak()
		return
	}
	res, err := s.DB.ExecContext(context.Background(), `UPDATE accounts SET balance = $1, fence_token = $3 WHERE id = $2 AND fence_token < $3`, msg.Data(), msg.Subject(), meta.NumDelivered)
	if err != nil {
		msg.Nak()
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		msg.Term()
		return
	}
	msg.Ack()
}

// AckFirst acknowledges before writing: the write is not under the lease.
func (s *Store) AckFirst(msg jetstream.Msg) {
	if err := msg.Ack(); err != nil {
		return
	}
	s.DB.ExecContext(context.Background(), `UPDATE accounts SET seen = true WHERE id = $1`, msg.Subject())
}

// Append records the message: an INSERT overwrites nothing.
func Append(db *sql.DB) jetstream.MessageHandler {
	return func(msg jetstream.Msg) {
		db.ExecContext(context.Background(), `INSERT INTO events (subject, data) VALUES ($1, $2)`, msg.Subject(), msg.Data())
		msg.Ack()
	}
}
