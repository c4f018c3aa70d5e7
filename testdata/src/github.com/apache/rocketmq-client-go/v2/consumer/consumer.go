// Package consumer is a stub of
// github.com/apache/rocketmq-client-go/v2/consumer with the real
// signatures of the push consumer's options and results.
package consumer

import "github.com/apache/rocketmq-client-go/v2/primitive"

type consumerOptions struct{}

// Option configures a consumer.
type Option func(*consumerOptions)

// WithGroupName sets the consumer group.
func WithGroupName(group string) Option { return nil }

// WithNameServer sets the name servers.
func WithNameServer(nameServers primitive.NamesrvAddr) Option { return nil }

// MessageModel says how messages are delivered to the consumers of a
// group.
type MessageModel int

// The message models.
const (
	BroadCasting MessageModel = iota
	Clustering
)

// WithConsumerModel sets the message model.
func WithConsumerModel(m MessageModel) Option { return nil }

// ConsumeResult is what a handler returns.
type ConsumeResult int

// The results.
const (
	ConsumeSuccess ConsumeResult = iota
	ConsumeRetryLater
	Commit
	Rollback
	SuspendCurrentQueueAMoment
)

// ExpressionType is the type of a selector's expression.
type ExpressionType string

// The expression types.
const (
	SQL92 = ExpressionType("SQL92")
	TAG   = ExpressionType("TAG")
)

// MessageSelector selects messages of a topic.
type MessageSelector struct {
	Type       ExpressionType
	Expression string
}
