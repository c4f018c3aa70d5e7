// Package jsworker consumes a JetStream pull consumer: a fetched message
// is redelivered after the consumer's ack wait unless acknowledged, so the
// code between the fetch and the ack runs under the message's lease.
package jsworker

import (
	"context"
	"database/sql"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"msglease/jshandler"
)

// Fetch writes between the fetch and the ack.
func Fetch(ctx context.Context, cons jetstream.Consumer, db *sql.DB) error {
	batch, err := cons.Fetch(10, jetstream.FetchOpt(nil))
	if err != nil {
		return err
	}
	for msg := range batch.Messages() {
		db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, msg.Subject()) // want `\(\*sql\.DB\)\.ExecContext updates jobs under a lease without a fencing token`
		msg.Ack()
		db.ExecContext(ctx, `UPDATE stats SET n = n + 1 WHERE stream = 'jobs'`) // ok: the message was acknowledged
	}
	return batch.Error()
}

// Next takes one message at a time and hands it to a helper.
func Next(ctx context.Context, cons jetstream.Consumer, db *sql.DB) error {
	msg, err := cons.Next()
	if err != nil {
		return err
	}
	return apply(ctx, db, msg)
}

// apply runs under the lease of the message it is given.
func apply(ctx context.Context, db *sql.DB, msg jetstream.Msg) error {
	if err := msg.InProgress(); err != nil { // ok: a renewal
		return err
	}
	if _, err := db.ExecContext(ctx, `UPDATE jobs SET state = 'running' WHERE id = $1`, msg.Subject()); err != nil { // want `\(\*sql\.DB\)\.ExecContext updates jobs under a lease without a fencing token`
		return msg.NakWithDelay(time.Second)
	}
	return msg.Ack()
}

// Iterate reads messages from a MessagesContext.
func Iterate(ctx context.Context, cons jetstream.Consumer, db *sql.DB) error {
	it, err := cons.Messages()
	if err != nil {
		return err
	}
	defer it.Stop()
	for {
		msg, err := it.Next()
		if err != nil {
			return err
		}
		meta, err := msg.Metadata()
		if err != nil {
			msg.Term()
			continue
		}
		res, err := db.ExecContext(ctx, `UPDATE jobs SET state = 'done', fence_token = $2 WHERE id = $1 AND fence_token < $2`, msg.Subject(), meta.NumDelivered) // ok: fenced by the delivery count
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			msg.Term()
			continue
		}
		db.ExecContext(ctx, `UPDATE jobs SET note = 'x' WHERE id = $1`, msg.Subject()) // want `\(\*sql\.DB\)\.ExecContext updates jobs under a lease without a fencing token`
		msg.Ack()
	}
}

// Consume registers handlers: each runs under its message's lease.
func Consume(cons jetstream.Consumer, db *sql.DB) error {
	_, err := cons.Consume(func(msg jetstream.Msg) {
		db.ExecContext(context.Background(), `UPDATE jobs SET state = 'done' WHERE id = $1`, msg.Subject()) // want `\(\*sql\.DB\)\.ExecContext updates jobs under a lease without a fencing token`
		msg.Ack()
		db.ExecContext(context.Background(), `UPDATE stats SET n = n + 1 WHERE stream = 'jobs'`) // ok: after the ack
	})
	if err != nil {
		return err
	}
	_, err = cons.Consume(handle(db))
	return err
}

// handle returns a handler whose writes are judged where it is made.
func handle(db *sql.DB) jetstream.MessageHandler {
	return func(msg jetstream.Msg) {
		db.ExecContext(context.Background(), `UPDATE jobs SET state = 'seen' WHERE id = $1`, msg.Subject()) // ok: a function value returned elsewhere is not followed
		msg.Ack()
	}
}

// ConsumeNamed registers handlers declared in this package and in another
// one.
func ConsumeNamed(cons jetstream.Consumer, db *sql.DB) error {
	s := &jshandler.Store{DB: db}
	if _, err := cons.Consume(s.Apply); err != nil { // want `call to \(\*jshandler\.Store\)\.Apply writes accounts via \(\*sql\.DB\)\.ExecContext without a fencing token`
		return err
	}
	if _, err := cons.Consume(s.ApplyFenced); err != nil { // ok: fenced by the delivery count
		return err
	}
	if _, err := cons.Consume(s.AckFirst); err != nil { // ok: it writes after the ack
		return err
	}
	if _, err := cons.Consume(jshandler.Append(db)); err != nil { // ok: an append
		return err
	}
	w := &worker{db: db}
	_, err := cons.Consume(w.onMsg)
	return err
}

type worker struct{ db *sql.DB }

func (w *worker) onMsg(msg jetstream.Msg) {
	w.db.ExecContext(context.Background(), `UPDATE jobs SET state = 'done' WHERE id = $1`, msg.Subject()) // want `\(\*sql\.DB\)\.ExecContext updates jobs under a lease without a fencing token`
	msg.Ack()
}

// Ordered reads an ordered consumer: its messages are acknowledged on
// delivery (AckNone), so no lease is held.
func Ordered(ctx context.Context, js jetstream.JetStream, db *sql.DB) error {
	cons, err := js.OrderedConsumer(ctx, "jobs", jetstream.OrderedConsumerConfig{})
	if err != nil {
		return err
	}
	msg, err := cons.Next()
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, `UPDATE mirror SET data = $1 WHERE subject = $2`, msg.Data(), msg.Subject()) // ok: an ordered consumer leases nothing
	if err != nil {
		return err
	}
	_, err = cons.Consume(func(msg jetstream.Msg) {
		db.ExecContext(ctx, `UPDATE mirror SET data = $1 WHERE subject = $2`, msg.Data(), msg.Subject()) // ok: an ordered consumer leases nothing
	})
	return err
}

// NoAck reads a consumer created with AckNone: nothing is leased.
func NoAck(ctx context.Context, js jetstream.JetStream, db *sql.DB) error {
	cons, err := js.CreateOrUpdateConsumer(ctx, "jobs", jetstream.ConsumerConfig{Durable: "mirror", AckPolicy: jetstream.AckNonePolicy})
	if err != nil {
		return err
	}
	batch, err := cons.Fetch(10)
	if err != nil {
		return err
	}
	for msg := range batch.Messages() {
		db.ExecContext(ctx, `UPDATE mirror SET data = $1 WHERE subject = $2`, msg.Data(), msg.Subject()) // ok: acknowledged on delivery
	}
	return nil
}

// Explicit creates a consumer that acknowledges explicitly: its messages
// are leased.
func Explicit(ctx context.Context, js jetstream.JetStream, db *sql.DB) error {
	cons, err := js.CreateOrUpdateConsumer(ctx, "jobs", jetstream.ConsumerConfig{Durable: "w", AckPolicy: jetstream.AckExplicitPolicy, AckWait: time.Minute})
	if err != nil {
		return err
	}
	msg, err := cons.Next()
	if err != nil {
		return err
	}
	db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, msg.Subject()) // want `\(\*sql\.DB\)\.ExecContext updates jobs under a lease without a fencing token`
	return msg.Ack()
}
