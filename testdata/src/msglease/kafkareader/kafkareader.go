// Package kafkareader consumes Kafka with kafka-go Readers: in a consumer
// group a fetched message's partition is this member's until a rebalance
// hands it to another member, which resumes from the last committed
// offset, so the code between the fetch and the commit runs under a lease.
package kafkareader

import (
	"context"
	"database/sql"

	"github.com/segmentio/kafka-go"

	"msglease/kafkaapply"
)

const claim = `UPDATE totals SET lease_until = now() + interval '30s', fence_token = fence_token + 1 WHERE id = $1 AND lease_until < now() RETURNING fence_token`

// Group fetches in a consumer group and commits each message.
func Group(ctx context.Context, db *sql.DB) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"k:9092"}, GroupID: "totals", Topic: "totals"})
	defer r.Close()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		db.ExecContext(ctx, `UPDATE totals SET n = $1 WHERE id = $2`, m.Value, string(m.Key)) // want `\(\*sql\.DB\)\.ExecContext updates totals under a lease without a fencing token`
		db.ExecContext(ctx, `INSERT INTO events (k, v) VALUES ($1, $2)`, m.Key, m.Value)      // ok: an append
		kafkaapply.Project(ctx, db, m)                                                        // want `call to kafkaapply\.Project writes projections via \(\*sql\.DB\)\.ExecContext without a fencing token`
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
		db.ExecContext(ctx, `UPDATE stats SET n = n + 1 WHERE topic = 'totals'`) // ok: after the commit
	}
}

// Worker holds a reader made elsewhere: taken to be in a group, as
// FetchMessage and CommitMessages are used.
type Worker struct {
	R  *kafka.Reader
	DB *sql.DB
}

// Run fetches and hands each message to a helper.
func (w *Worker) Run(ctx context.Context) error {
	for {
		m, err := w.R.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := w.apply(ctx, m); err != nil {
			return err
		}
	}
}

// apply runs under the lease of the message it is given.
func (w *Worker) apply(ctx context.Context, m kafka.Message) error {
	if _, err := w.DB.ExecContext(ctx, `UPDATE totals SET n = $1 WHERE id = $2`, m.Value, string(m.Key)); err != nil { // want `\(\*sql\.DB\)\.ExecContext updates totals under a lease without a fencing token`
		return err
	}
	return w.R.CommitMessages(ctx, m)
}

// Fenced claims the row once its previous claim expired and writes with
// the claim's token.
func (w *Worker) Fenced(ctx context.Context) error {
	m, err := w.R.FetchMessage(ctx)
	if err != nil {
		return err
	}
	var tok int64
	if err := w.DB.QueryRowContext(ctx, claim, string(m.Key)).Scan(&tok); err != nil {
		return err
	}
	res, err := w.DB.ExecContext(ctx, `UPDATE totals SET n = $1 WHERE id = $2 AND fence_token = $3`, m.Value, string(m.Key), tok) // ok: fenced by the claim's token
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	return w.R.CommitMessages(ctx, m)
}

// Partition reads one partition outside any group: no other member takes
// it over, and nothing is leased.
func Partition(ctx context.Context, db *sql.DB) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"k:9092"}, Topic: "totals", Partition: 0})
	m, err := r.FetchMessage(ctx)
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, `UPDATE mirror SET n = $1 WHERE id = $2`, m.Value, string(m.Key)) // ok: no group
	return err
}

// Read uses ReadMessage, which commits as it returns: no lease window is
// modelled.
func Read(ctx context.Context, r *kafka.Reader, db *sql.DB) error {
	m, err := r.ReadMessage(ctx)
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, `UPDATE mirror SET n = $1 WHERE id = $2`, m.Value, string(m.Key)) // ok: committed on read
	return err
}
