// Package rockethandler declares a RocketMQ handler that another package
// subscribes; its writes are reported at the subscription.
package rockethandler

import (
	"context"
	"database/sql"

	"github.com/apache/rocketmq-client-go/v2/consumer"
	"github.com/apache/rocketmq-client-go/v2/primitive"
)

// Ledger applies messages to balances.
type Ledger struct{ DB *sql.DB }

// Apply overwrites a balance per message.
func (l *Ledger) Apply(ctx context.Context, msgs ...*primitive.MessageExt) (consumer.ConsumeResult, error) {
	for _, m := range msgs {
		if _, err := l.DB.ExecContext(ctx, `UPDATE balances SET amount = $1 WHERE id = $2`, m.Body, m.GetKeys()); err != nil {
			return consumer.ConsumeRetryLater, err
		}
	}
	return consumer.ConsumeSuccess, nil
}

// Record appends each message: an INSERT overwrites nothing.
func (l *Ledger) Record(ctx context.Context, msgs ...*primitive.MessageExt) (consumer.ConsumeResult, error) {
	for _, m := range msgs {
		if _, err := l.DB.ExecContext(ctx, `INSERT INTO ledger (id, body) VALUES ($1, $2)`, m.MsgId, m.Body); err != nil {
			return consumer.ConsumeRetryLater, err
		}
	}
	return consumer.ConsumeSuccess, nil
}
