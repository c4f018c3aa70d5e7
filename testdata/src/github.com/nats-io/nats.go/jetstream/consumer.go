package jetstream

import (
	"context"
	"time"

	"github.com/nats-io/nats.go"
)

// The consumer API of github.com/nats-io/nats.go/jetstream, with the real
// signatures.

type AckPolicy int

const (
	AckExplicitPolicy AckPolicy = iota
	AckAllPolicy
	AckNonePolicy
)

type ConsumerConfig struct {
	Durable   string
	AckPolicy AckPolicy
	AckWait   time.Duration
}

type OrderedConsumerConfig struct {
	FilterSubjects []string
}

type ConsumerInfo struct {
	Name string
}

type JetStream interface {
	StreamConsumerManager
}

type StreamConsumerManager interface {
	CreateOrUpdateConsumer(ctx context.Context, stream string, cfg ConsumerConfig) (Consumer, error)
	CreateConsumer(ctx context.Context, stream string, cfg ConsumerConfig) (Consumer, error)
	UpdateConsumer(ctx context.Context, stream string, cfg ConsumerConfig) (Consumer, error)
	OrderedConsumer(ctx context.Context, stream string, cfg OrderedConsumerConfig) (Consumer, error)
	Consumer(ctx context.Context, stream string, consumer string) (Consumer, error)
	CreateOrUpdatePushConsumer(ctx context.Context, stream string, cfg ConsumerConfig) (PushConsumer, error)
}

type JetStreamOpt func(*JetStreamOptions) error

type JetStreamOptions struct{}

func New(nc *nats.Conn, opts ...JetStreamOpt) (JetStream, error) { return nil, nil }

type pullRequest struct{ batch int }

type consumeOpts struct{}

type nextOpts struct{}

type pushConsumeOpts struct{}

type (
	MessageHandler func(msg Msg)

	PullConsumeOpt interface {
		configureConsume(*consumeOpts) error
	}

	PullMessagesOpt interface {
		configureMessages(*consumeOpts) error
	}

	FetchOpt func(*pullRequest) error

	NextOpt interface {
		configureNext(*nextOpts)
	}

	PushConsumeOpt interface {
		configurePushConsume(*pushConsumeOpts) error
	}
)

type Consumer interface {
	Fetch(batch int, opts ...FetchOpt) (MessageBatch, error)
	FetchBytes(maxBytes int, opts ...FetchOpt) (MessageBatch, error)
	FetchNoWait(batch int) (MessageBatch, error)
	Consume(handler MessageHandler, opts ...PullConsumeOpt) (ConsumeContext, error)
	Messages(opts ...PullMessagesOpt) (MessagesContext, error)
	Next(opts ...FetchOpt) (Msg, error)
	Info(context.Context) (*ConsumerInfo, error)
	CachedInfo() *ConsumerInfo
}

type PushConsumer interface {
	Consume(handler MessageHandler, opts ...PushConsumeOpt) (ConsumeContext, error)
	Info(context.Context) (*ConsumerInfo, error)
	CachedInfo() *ConsumerInfo
}

type MessageBatch interface {
	Messages() <-chan Msg
	Error() error
}

type MessagesContext interface {
	Next(opts ...NextOpt) (Msg, error)
	Stop()
	Drain()
}

type ConsumeContext interface {
	Stop()
	Drain()
	Closed() <-chan struct{}
}

type Msg interface {
	Metadata() (*MsgMetadata, error)
	Data() []byte
	Headers() nats.Header
	Subject() string
	Reply() string
	Ack() error
	DoubleAck(context.Context) error
	Nak() error
	NakWithDelay(delay time.Duration) error
	InProgress() error
	Term() error
	TermWithReason(reason string) error
}

type SequencePair struct {
	Consumer uint64 `json:"consumer_seq"`
	Stream   uint64 `json:"stream_seq"`
}

type MsgMetadata struct {
	Sequence     SequencePair
	NumDelivered uint64
	NumPending   uint64
	Timestamp    time.Time
	Stream       string
	Consumer     string
	Domain       string
}
