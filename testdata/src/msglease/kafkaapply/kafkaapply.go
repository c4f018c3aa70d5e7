// Package kafkaapply declares functions that Kafka consumers of another
// package call for each fetched message; their writes are reported at
// those calls.
package kafkaapply

import (
	"context"
	"database/sql"

	"github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

// Project overwrites a projection with the message.
func Project(ctx context.Context, db *sql.DB, m kafka.Message) error {
	_, err := db.ExecContext(ctx, `UPDATE projections SET data = $1 WHERE id = $2`, m.Value, string(m.Key))
	return err
}

// ProjectRecord overwrites a projection with a franz-go record.
func ProjectRecord(ctx context.Context, db *sql.DB, r *kgo.Record) error {
	_, err := db.ExecContext(ctx, `UPDATE projections SET data = $1 WHERE id = $2`, r.Value, string(r.Key))
	return err
}
