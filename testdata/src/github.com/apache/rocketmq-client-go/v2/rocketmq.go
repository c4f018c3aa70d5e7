// Package rocketmq is a stub of github.com/apache/rocketmq-client-go/v2
// with the real signatures of the push consumer.
package rocketmq

import (
	"context"

	"github.com/apache/rocketmq-client-go/v2/consumer"
	"github.com/apache/rocketmq-client-go/v2/primitive"
)

// PushConsumer calls a handler for the messages of its subscriptions.
type PushConsumer interface {
	Start() error
	Shutdown() error
	Subscribe(topic string, selector consumer.MessageSelector,
		f func(context.Context, ...*primitive.MessageExt) (consumer.ConsumeResult, error)) error
	Unsubscribe(topic string) error
	Suspend()
	Resume()
	GetOffsetDiffMap() map[string]int64
}

// NewPushConsumer makes a push consumer.
func NewPushConsumer(opts ...consumer.Option) (PushConsumer, error) { return nil, nil }
