// Package franzgroup consumes Kafka with franz-go in a consumer group: the
// records a poll returns are this member's until a rebalance gives their
// partitions to another member, which resumes from the last commit.
package franzgroup

import (
	"context"
	"database/sql"

	"github.com/twmb/franz-go/pkg/kgo"

	"msglease/kafkaapply"
)

// Consume polls, writes each record and commits.
func Consume(ctx context.Context, cl *kgo.Client, db *sql.DB) error {
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		if err := fetches.Err(); err != nil {
			return err
		}
		for _, r := range fetches.Records() {
			db.ExecContext(ctx, `UPDATE totals SET n = $1 WHERE id = $2`, r.Value, string(r.Key)) // want `\(\*sql\.DB\)\.ExecContext updates totals under a lease without a fencing token`
			db.ExecContext(ctx, `INSERT INTO events (k, v) VALUES ($1, $2)`, r.Key, r.Value)      // ok: an append
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
		db.ExecContext(ctx, `UPDATE stats SET polls = polls + 1 WHERE id = 1`) // ok: after the commit
	}
}

// Each hands each record to a function literal and to a helper of
// another package.
func Each(ctx context.Context, cl *kgo.Client, db *sql.DB) error {
	fetches := cl.PollRecords(ctx, 100)
	fetches.EachRecord(func(r *kgo.Record) {
		db.ExecContext(ctx, `UPDATE totals SET n = $1 WHERE id = $2`, r.Value, string(r.Key)) // want `\(\*sql\.DB\)\.ExecContext updates totals under a lease without a fencing token`
		kafkaapply.ProjectRecord(ctx, db, r)                                                  // want `call to kafkaapply\.ProjectRecord writes projections via \(\*sql\.DB\)\.ExecContext without a fencing token`
	})
	return cl.CommitRecords(ctx, fetches.Records()...)
}

// Direct makes a client outside any group: nothing is leased.
func Direct(ctx context.Context, db *sql.DB) error {
	cl, err := kgo.NewClient(kgo.SeedBrokers("k:9092"), kgo.ConsumeTopics("totals"))
	if err != nil {
		return err
	}
	defer cl.Close()
	for _, r := range cl.PollFetches(ctx).Records() {
		db.ExecContext(ctx, `UPDATE mirror SET n = $1 WHERE id = $2`, r.Value, string(r.Key)) // ok: no group
	}
	return nil
}

// Group makes a client in a group.
func Group(ctx context.Context, db *sql.DB) error {
	cl, err := kgo.NewClient(kgo.SeedBrokers("k:9092"), kgo.ConsumerGroup("totals"), kgo.ConsumeTopics("totals"), kgo.DisableAutoCommit())
	if err != nil {
		return err
	}
	defer cl.Close()
	fetches := cl.PollFetches(ctx)
	for _, r := range fetches.Records() {
		db.ExecContext(ctx, `UPDATE totals SET n = $1 WHERE id = $2`, r.Value, string(r.Key)) // want `\(\*sql\.DB\)\.ExecContext updates totals under a lease without a fencing token`
	}
	return cl.CommitRecords(ctx, fetches.Records()...)
}
