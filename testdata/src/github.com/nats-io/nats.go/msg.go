package nats

import "time"

// The connection, message and pull-subscription API of
// github.com/nats-io/nats.go, with the real signatures.

type Header map[string][]string

type Conn struct{}

func Connect(url string, options ...Option) (*Conn, error) { return nil, nil }

type Option func(*Options) error

type Options struct{ Url string }

type Msg struct {
	Subject string
	Reply   string
	Header  Header
	Data    []byte
}

type AckOpt interface {
	configureAck(opts *ackOpts) error
}

type ackOpts struct{}

type PullOpt interface {
	configurePull(opts *pullOpts) error
}

type pullOpts struct{}

type SubOpt interface {
	configureSubscribe(opts *subOpts) error
}

type subOpts struct{}

type Subscription struct {
	Subject string
}

type MessageBatch interface {
	Messages() <-chan *Msg
	Error() error
	Done() <-chan struct{}
}

type JetStream interface {
	PullSubscribe(subj, durable string, opts ...SubOpt) (*Subscription, error)
}

type JetStreamContext interface {
	JetStream
}

func (nc *Conn) JetStream(opts ...JSOpt) (JetStreamContext, error) { return nil, nil }

type JSOpt interface {
	configureJSContext(opts *jsOpts) error
}

type jsOpts struct{}

func (sub *Subscription) Fetch(batch int, opts ...PullOpt) ([]*Msg, error) { return nil, nil }

func (sub *Subscription) FetchBatch(batch int, opts ...PullOpt) (MessageBatch, error) {
	return nil, nil
}

func (m *Msg) Ack(opts ...AckOpt) error { return nil }

func (m *Msg) AckSync(opts ...AckOpt) error { return nil }

func (m *Msg) Nak(opts ...AckOpt) error { return nil }

func (m *Msg) NakWithDelay(delay time.Duration, opts ...AckOpt) error { return nil }

func (m *Msg) Term(opts ...AckOpt) error { return nil }

func (m *Msg) InProgress(opts ...AckOpt) error { return nil }

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

func (m *Msg) Metadata() (*MsgMetadata, error) { return nil, nil }
