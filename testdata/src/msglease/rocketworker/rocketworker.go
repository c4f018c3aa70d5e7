// Package rocketworker subscribes RocketMQ push consumers: the function
// given to Subscribe runs while its messages' queue is assigned to this
// consumer, and another consumer of the group re-consumes them after a
// rebalance or once the consume timeout passes.
package rocketworker

import (
	"context"
	"database/sql"

	rocketmq "github.com/apache/rocketmq-client-go/v2"
	"github.com/apache/rocketmq-client-go/v2/consumer"
	"github.com/apache/rocketmq-client-go/v2/primitive"

	"msglease/rockethandler"
)

const claim = `UPDATE orders SET lease_until = now() + interval '30s', fence_token = fence_token + 1 WHERE id = $1 AND lease_until < now() RETURNING fence_token`

// Subscribe registers handlers of this package and of another one.
func Subscribe(c rocketmq.PushConsumer, db *sql.DB) error {
	err := c.Subscribe("orders", consumer.MessageSelector{}, func(ctx context.Context, msgs ...*primitive.MessageExt) (consumer.ConsumeResult, error) {
		for _, m := range msgs {
			if _, err := db.ExecContext(ctx, `UPDATE orders SET state = 'paid' WHERE id = $1`, m.GetKeys()); err != nil { // want `\(\*sql\.DB\)\.ExecContext updates orders under a lease without a fencing token`
				return consumer.ConsumeRetryLater, err
			}
		}
		return consumer.ConsumeSuccess, nil
	})
	if err != nil {
		return err
	}
	w := &worker{db: db}
	if err := c.Subscribe("fenced", consumer.MessageSelector{}, w.fenced); err != nil { // ok: fenced by the claim's token
		return err
	}
	l := &rockethandler.Ledger{DB: db}
	if err := c.Subscribe("balances", consumer.MessageSelector{Type: consumer.TAG, Expression: "*"}, l.Apply); err != nil { // want `call to \(\*rockethandler\.Ledger\)\.Apply writes balances via \(\*sql\.DB\)\.ExecContext without a fencing token`
		return err
	}
	return c.Subscribe("ledger", consumer.MessageSelector{}, l.Record) // ok: an append
}

type worker struct{ db *sql.DB }

// fenced claims each order's row once its previous claim expired and
// writes with the claim's token.
func (w *worker) fenced(ctx context.Context, msgs ...*primitive.MessageExt) (consumer.ConsumeResult, error) {
	for _, m := range msgs {
		var tok int64
		if err := w.db.QueryRowContext(ctx, claim, m.GetKeys()).Scan(&tok); err != nil {
			return consumer.ConsumeRetryLater, err
		}
		res, err := w.db.ExecContext(ctx, `UPDATE orders SET state = 'paid' WHERE id = $1 AND fence_token = $2`, m.GetKeys(), tok) // ok: fenced by the claim's token
		if err != nil {
			return consumer.ConsumeRetryLater, err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			continue
		}
		w.db.ExecContext(ctx, `UPDATE orders SET note = 'x' WHERE id = $1`, m.GetKeys()) // want `\(\*sql\.DB\)\.ExecContext updates orders under a lease without a fencing token`
	}
	return consumer.ConsumeSuccess, nil
}

// Broadcast makes a broadcasting consumer: every consumer gets every
// message, and nothing is leased.
func Broadcast(db *sql.DB) error {
	c, err := rocketmq.NewPushConsumer(consumer.WithGroupName("cache"), consumer.WithConsumerModel(consumer.BroadCasting))
	if err != nil {
		return err
	}
	return c.Subscribe("prices", consumer.MessageSelector{}, func(ctx context.Context, msgs ...*primitive.MessageExt) (consumer.ConsumeResult, error) {
		for _, m := range msgs {
			db.ExecContext(ctx, `UPDATE prices SET v = $1 WHERE id = $2`, m.Body, m.GetKeys()) // ok: a broadcasting consumer
		}
		return consumer.ConsumeSuccess, nil
	})
}

// Clustered makes a consumer of a group: its messages are leased.
func Clustered(db *sql.DB) error {
	c, err := rocketmq.NewPushConsumer(consumer.WithGroupName("orders"), consumer.WithConsumerModel(consumer.Clustering))
	if err != nil {
		return err
	}
	return c.Subscribe("orders", consumer.MessageSelector{}, func(ctx context.Context, msgs ...*primitive.MessageExt) (consumer.ConsumeResult, error) {
		for _, m := range msgs {
			db.ExecContext(ctx, `UPDATE orders SET state = 'shipped' WHERE id = $1`, m.GetKeys()) // want `\(\*sql\.DB\)\.ExecContext updates orders under a lease without a fencing token`
		}
		return consumer.ConsumeSuccess, nil
	})
}
