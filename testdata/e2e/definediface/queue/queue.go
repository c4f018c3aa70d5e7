// Package queue reads jobs from a stream; its options are stream's under
// a name of its own.
package queue

import "example.com/definediface/stream"

// ReaderOption configures a reader: a defined type over stream's option
// interface, whose method is unexported.
type ReaderOption stream.ConsumerOption

// WithBatch is stream's option as a ReaderOption.
func WithBatch(n int) ReaderOption { return stream.WithBatch(n) }

// Reader reads jobs.
type Reader struct{ c *stream.Consumer }

// NewReader converts its options to stream's.
func NewReader(opts ...ReaderOption) *Reader {
	cos := make([]stream.ConsumerOption, 0, len(opts))
	for _, o := range opts {
		cos = append(cos, o)
	}
	return &Reader{c: stream.NewConsumer(cos...)}
}

// Batch is the reader's batch size.
func (r *Reader) Batch() int { return r.c.Batch() }
