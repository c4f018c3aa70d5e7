package tokens

import (
	"context"
	"database/sql"

	"github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

// Fetched guards a write with a fetched message's offset, which does not
// change when another member of the group consumes the message.
func Fetched(ctx context.Context, r *kafka.Reader, db *sql.DB) error {
	m, err := r.FetchMessage(ctx)
	if err != nil {
		return err
	}
	res, err := db.ExecContext(ctx, `UPDATE results SET v = $1, fence_token = $2 WHERE id = 13 AND fence_token < $2`, m.Value, m.Offset) // want `an offset names the message`
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	return r.CommitMessages(ctx, m)
}

// Polled guards a write with a franz-go record's offset.
func Polled(ctx context.Context, cl *kgo.Client, db *sql.DB) error {
	for _, r := range cl.PollFetches(ctx).Records() {
		res, err := db.ExecContext(ctx, `UPDATE results SET v = $1, fence_token = $2 WHERE id = 14 AND fence_token < $2`, r.Value, r.Offset) // want `an offset names the message`
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
	}
	return cl.CommitUncommittedOffsets(ctx)
}
