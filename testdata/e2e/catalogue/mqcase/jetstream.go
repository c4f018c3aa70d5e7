package mqcase

import (
	"context"
	"database/sql"

	"github.com/nats-io/nats.go/jetstream"
)

// Pull fetches a batch: each message is leased until its ack.
func Pull(ctx context.Context, cons jetstream.Consumer, db *sql.DB) error {
	batch, err := cons.Fetch(10)
	if err != nil {
		return err
	}
	for msg := range batch.Messages() {
		if _, err := db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, msg.Subject()); err != nil { // finding: unfenced
			msg.Nak()
			continue
		}
		if err := msg.Ack(); err != nil {
			return err
		}
		if _, err := db.ExecContext(ctx, `UPDATE job_stats SET done = done + 1 WHERE stream = 'jobs'`); err != nil { // ok: after the ack
			return err
		}
	}
	return batch.Error()
}

// Consume registers a handler that runs under each message's lease and
// guards its write with the delivery count.
func Consume(cons jetstream.Consumer, db *sql.DB) (jetstream.ConsumeContext, error) {
	return cons.Consume(func(msg jetstream.Msg) {
		meta, err := msg.Metadata()
		if err != nil {
			msg.Term()
			return
		}
		if err := msg.InProgress(); err != nil { // ok: a renewal
			return
		}
		res, err := db.ExecContext(context.Background(), `UPDATE jobs SET state = 'done', fence_token = $2 WHERE id = $1 AND fence_token < $2`, msg.Subject(), meta.NumDelivered) // ok: fenced by the delivery count
		if err != nil {
			msg.Nak()
			return
		}
		if n, _ := res.RowsAffected(); n == 0 {
			msg.Term()
			return
		}
		if _, err := db.ExecContext(context.Background(), `UPDATE jobs SET note = $2 WHERE id = $1`, msg.Subject(), string(msg.Data())); err != nil { // finding: unfenced
			return
		}
		msg.Ack()
	})
}

// Mirror reads an ordered consumer: it acknowledges on delivery, so
// nothing is leased.
func Mirror(ctx context.Context, js jetstream.JetStream, db *sql.DB) error {
	cons, err := js.OrderedConsumer(ctx, "jobs", jetstream.OrderedConsumerConfig{})
	if err != nil {
		return err
	}
	msg, err := cons.Next()
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, `UPDATE job_mirror SET data = $2 WHERE subject = $1`, msg.Subject(), msg.Data()) // ok: an ordered consumer leases nothing
	return err
}
