package kafka

import (
	"context"
	"time"
)

// ReaderConfig configures a Reader (the fields the catalogue reads, with
// their real types).
type ReaderConfig struct {
	Brokers        []string
	GroupID        string
	GroupTopics    []string
	Topic          string
	Partition      int
	MinBytes       int
	MaxBytes       int
	MaxWait        time.Duration
	CommitInterval time.Duration
	StartOffset    int64
}

// Reader consumes messages.
type Reader struct{}

// NewReader makes a Reader.
func NewReader(config ReaderConfig) *Reader { return &Reader{} }

// FetchMessage returns the next message without committing it.
func (r *Reader) FetchMessage(ctx context.Context) (Message, error) { return Message{}, nil }

// ReadMessage returns the next message, committing it in a group.
func (r *Reader) ReadMessage(ctx context.Context) (Message, error) { return Message{}, nil }

// CommitMessages commits the offsets of msgs.
func (r *Reader) CommitMessages(ctx context.Context, msgs ...Message) error { return nil }

// Close closes the reader.
func (r *Reader) Close() error { return nil }
