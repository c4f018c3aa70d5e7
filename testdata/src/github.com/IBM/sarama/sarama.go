// Package sarama synthesizes the part of github.com/IBM/sarama that fencecheck's tests need, with the real signatures.
package sarama

import "time"

type KError int16

func (err KError) Error() string { return "" }

const (
	ErrInvalidProducerEpoch KError = 47
	ErrProducerFenced       KError = 90
)

type Config struct {
	Net struct {
		MaxOpenRequests int
	}
	Producer struct {
		Idempotent  bool
		Transaction struct {
			ID      string
			Timeout time.Duration
		}
		Return struct {
			Successes bool
			Errors    bool
		}
	}
}

func NewConfig() *Config { return nil }

type Encoder interface {
	Encode() ([]byte, error)
	Length() int
}

type StringEncoder string

func (s StringEncoder) Encode() ([]byte, error) { return nil, nil }

func (s StringEncoder) Length() int { return 0 }

type ByteEncoder []byte

func (b ByteEncoder) Encode() ([]byte, error) { return nil, nil }

func (b ByteEncoder) Length() int { return 0 }

type RecordHeader struct {
	Key   []byte
	Value []byte
}

type ProducerMessage struct {
	Topic     string
	Key       Encoder
	Value     Encoder
	Headers   []RecordHeader
	Metadata  any
	Offset    int64
	Partition int32
	Timestamp time.Time
}

type ProducerError struct {
	Msg *ProducerMessage
	Err error
}

type ProducerTxnStatusFlag int16

type SyncProducer interface {
	SendMessage(msg *ProducerMessage) (partition int32, offset int64, err error)
	SendMessages(msgs []*ProducerMessage) error
	Close() error
	TxnStatus() ProducerTxnStatusFlag
	IsTransactional() bool
	BeginTxn() error
	CommitTxn() error
	AbortTxn() error
}

type AsyncProducer interface {
	AsyncClose()
	Close() error
	Input() chan<- *ProducerMessage
	Successes() <-chan *ProducerMessage
	Errors() <-chan *ProducerError
	IsTransactional() bool
	BeginTxn() error
	CommitTxn() error
	AbortTxn() error
}

func NewSyncProducer(addrs []string, config *Config) (SyncProducer, error) { return nil, nil }

func NewAsyncProducer(addrs []string, conf *Config) (AsyncProducer, error) { return nil, nil }
