package tokens

import (
	"context"
	"database/sql"

	"github.com/nats-io/nats.go/jetstream"
)

// Store applies JetStream messages, guarding its writes with the
// message's metadata.
type Store struct{ DB *sql.DB }

// Apply is the handler.
func (s *Store) Apply(msg jetstream.Msg) {
	meta, err := msg.Metadata()
	if err != nil {
		msg.Term()
		return
	}
	res, err := s.DB.ExecContext(context.Background(), `UPDATE results SET v = $1, fence_token = $2 WHERE id = 1 AND fence_token < $2`, msg.Data(), meta.Sequence.Stream) // want `the stream sequence names the message, the same for every delivery of it`
	if err != nil {
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		msg.Term()
		return
	}
	res, err = s.DB.ExecContext(context.Background(), `UPDATE results SET v = $1, fence_token = $2 WHERE id = 2 AND fence_token < $2`, msg.Data(), meta.NumDelivered) // ok: the delivery count grows with each delivery
	if err != nil {
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		msg.Term()
		return
	}
	msg.Ack()
}

// ConsumeJetStream registers the handler.
func ConsumeJetStream(cons jetstream.Consumer, db *sql.DB) error {
	_, err := cons.Consume((&Store{DB: db}).Apply)
	return err
}
