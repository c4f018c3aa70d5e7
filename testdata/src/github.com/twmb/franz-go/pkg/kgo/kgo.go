// Package kgo synthesizes the part of github.com/twmb/franz-go/pkg/kgo that fencecheck's tests need, with the real signatures.
package kgo

import (
	"context"
	"time"
)

type cfg struct{}

type Opt interface {
	apply(*cfg)
}

type ProducerOpt interface {
	Opt
	producerOpt()
}

type clientOpt struct{}

func (clientOpt) apply(*cfg) {}

type producerOpt struct{}

func (producerOpt) apply(*cfg) {}

func (producerOpt) producerOpt() {}

func SeedBrokers(seeds ...string) Opt { return clientOpt{} }

func DefaultProduceTopic(t string) ProducerOpt { return producerOpt{} }

func TransactionalID(id string) ProducerOpt { return producerOpt{} }

type RecordHeader struct {
	Key   string
	Value []byte
}

type Record struct {
	Key           []byte
	Value         []byte
	Headers       []RecordHeader
	Timestamp     time.Time
	Topic         string
	Partition     int32
	ProducerEpoch int16
	ProducerID    int64
	Offset        int64
	Context       context.Context
}

func StringRecord(value string) *Record { return nil }

func SliceRecord(value []byte) *Record { return nil }

type ProduceResult struct {
	Record *Record
	Err    error
}

type ProduceResults []ProduceResult

func (rs ProduceResults) First() (*Record, error) { return nil, nil }

func (rs ProduceResults) FirstErr() error { return nil }

type TransactionEndTry bool

const (
	TryAbort  TransactionEndTry = false
	TryCommit TransactionEndTry = true
)

type Client struct{}

func NewClient(opts ...Opt) (*Client, error) { return nil, nil }

func (cl *Client) Close() {}

func (cl *Client) Produce(ctx context.Context, r *Record, promise func(*Record, error)) {}

func (cl *Client) TryProduce(ctx context.Context, r *Record, promise func(*Record, error)) {}

func (cl *Client) ProduceSync(ctx context.Context, rs ...*Record) ProduceResults { return nil }

func (cl *Client) Flush(ctx context.Context) error { return nil }

func (cl *Client) BeginTransaction() error { return nil }

func (cl *Client) EndTransaction(ctx context.Context, commit TransactionEndTry) error { return nil }

func (cl *Client) AbortBufferedRecords(ctx context.Context) error { return nil }

func (cl *Client) ProducerID(ctx context.Context) (int64, int16, error) { return 0, 0, nil }
