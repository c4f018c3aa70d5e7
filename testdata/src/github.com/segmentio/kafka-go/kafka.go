// Package kafka synthesizes the part of github.com/segmentio/kafka-go that fencecheck's tests need, with the real signatures.
package kafka

import (
	"context"
	"net"
	"time"

	"github.com/segmentio/kafka-go/protocol"
)

type Header = protocol.Header

type Message struct {
	Topic         string
	Partition     int
	Offset        int64
	HighWaterMark int64
	Key           []byte
	Value         []byte
	Headers       []Header
	WriterData    interface{}
	Time          time.Time
}

func TCP(address ...string) net.Addr { return nil }

type Writer struct {
	Addr        net.Addr
	Topic       string
	MaxAttempts int
	Async       bool
}

func (w *Writer) WriteMessages(ctx context.Context, msgs ...Message) error { return nil }

func (w *Writer) Close() error { return nil }
