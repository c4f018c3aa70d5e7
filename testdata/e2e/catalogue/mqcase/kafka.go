package mqcase

import (
	"context"
	"database/sql"

	"github.com/segmentio/kafka-go"
)

// ConsumeTotals reads a topic in a consumer group: a fetched message's
// partition is this member's until a rebalance, and the next owner resumes
// from the last committed offset.
func ConsumeTotals(ctx context.Context, brokers []string, db *sql.DB) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, GroupID: "totals", Topic: "totals"})
	defer r.Close()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if _, err := db.ExecContext(ctx, `UPDATE totals SET n = $1 WHERE id = $2`, m.Value, string(m.Key)); err != nil { // finding: unfenced
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// TailTotals reads one partition outside any group: nothing is leased.
func TailTotals(ctx context.Context, brokers []string, db *sql.DB) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, Topic: "totals", Partition: 0})
	defer r.Close()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if _, err := db.ExecContext(ctx, `UPDATE mirror SET n = $1 WHERE id = $2`, m.Value, string(m.Key)); err != nil { // ok: no group
			return err
		}
	}
}
