// Package pulsar is a stub of github.com/apache/pulsar-client-go/pulsar
// with the real signatures of the consumer API (interfaces keep the
// methods the catalogue uses).
package pulsar

import (
	"context"
	"time"
)

// ClientOptions configures a client.
type ClientOptions struct {
	URL string
}

// Client is a Pulsar client.
type Client interface {
	Subscribe(ConsumerOptions) (Consumer, error)
	Close()
}

// NewClient makes a client.
func NewClient(options ClientOptions) (Client, error) { return nil, nil }

// SubscriptionType is the type of a subscription.
type SubscriptionType int

// The subscription types.
const (
	Exclusive SubscriptionType = iota
	Shared
	Failover
	KeyShared
)

// ConsumerOptions configures a consumer.
type ConsumerOptions struct {
	Topic               string
	Topics              []string
	SubscriptionName    string
	Type                SubscriptionType
	MessageChannel      chan ConsumerMessage
	NackRedeliveryDelay time.Duration
}

// MessageID identifies a message.
type MessageID interface {
	Serialize() []byte
	LedgerID() int64
	EntryID() int64
	BatchIdx() int32
	PartitionIdx() int32
	BatchSize() int32
	String() string
}

// Message is a received message.
type Message interface {
	Topic() string
	Properties() map[string]string
	Payload() []byte
	ID() MessageID
	PublishTime() time.Time
	EventTime() time.Time
	Key() string
	RedeliveryCount() uint32
}

// Consumer consumes a subscription.
type Consumer interface {
	Subscription() string
	Receive(context.Context) (Message, error)
	Chan() <-chan ConsumerMessage
	Ack(Message) error
	AckID(MessageID) error
	AckIDList([]MessageID) error
	AckWithTxn(Message, Transaction) error
	AckCumulative(msg Message) error
	AckIDCumulative(msgID MessageID) error
	ReconsumeLater(msg Message, delay time.Duration)
	ReconsumeLaterWithCustomProperties(msg Message, customProperties map[string]string, delay time.Duration)
	Nack(Message)
	NackID(MessageID)
	Close()
}

// Transaction is a Pulsar transaction.
type Transaction interface {
	Commit(context.Context) error
	Abort(context.Context) error
}

// ConsumerMessage pairs a consumer and a message it received.
type ConsumerMessage struct {
	Consumer
	Message
}
